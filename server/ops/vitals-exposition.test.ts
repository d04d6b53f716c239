import { beforeEach, expect, it } from 'vitest';
import type { VitalsReport } from '@/lib/vitals/metrics';
import { describeEachDatabase } from '../testing/databases';
import { parseExposition } from '../testing/prometheus-text';
import { handleMetrics } from '../http/metrics';

describeEachDatabase('GET /api/metrics: field vitals', (database) => {
  beforeEach(() => database().clear());
  const now = Date.UTC(2026, 10, 23, 9);
  const day = 86_400_000;
  const report = (change: Partial<VitalsReport>): VitalsReport => ({
    page: '/',
    device: 'phone',
    connection: '4g',
    navigation: 'navigate',
    popup: false,
    metrics: [],
    ...change,
  });

  it('exposes the last 28 days as histograms per page type and device, in seconds', async () => {
    const { repos } = database();
    await repos.vitals.record(
      report({
        metrics: [
          { name: 'LCP', value: 1500 },
          { name: 'CLS', value: 0.02 },
        ],
      }),
      now,
      'network-a',
    );
    await repos.vitals.record(report({ metrics: [{ name: 'LCP', value: 3500 }] }), now - 3 * day, 'network-a');
    await repos.vitals.record(report({ metrics: [{ name: 'LCP', value: 900 }] }), now - 40 * day, 'network-a'); // outside the window
    await repos.vitals.record(report({ page: '/products/[course]', device: 'desktop', metrics: [{ name: 'INP', value: 150 }] }), now, 'network-a');
    const response = await handleMetrics(new Request('http://localhost/api/metrics', { headers: { authorization: 'Bearer t0ken-for-tests' } }), async () => ({
      token: 't0ken-for-tests',
      repos: async () => repos,
      now: () => now,
    }));
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('# TYPE school_web_vitals_lcp_seconds histogram');
    const samples = parseExposition(text);
    const value = (name: string, labels: Record<string, string>) =>
      samples.find((sample) => sample.name === name && Object.entries(labels).every(([key, v]) => sample.labels[key] === v))?.value;
    const home = { page_type: '/', device: 'phone' };
    expect(value('school_web_vitals_lcp_seconds_count', home)).toBe(2);
    expect(value('school_web_vitals_lcp_seconds_bucket', { ...home, le: '1' })).toBe(0);
    expect(value('school_web_vitals_lcp_seconds_bucket', { ...home, le: '1.8' })).toBe(1);
    expect(value('school_web_vitals_lcp_seconds_bucket', { ...home, le: '4' })).toBe(2);
    expect(value('school_web_vitals_lcp_seconds_bucket', { ...home, le: '+Inf' })).toBe(2);
    expect(value('school_web_vitals_lcp_seconds_sum', home)).toBeCloseTo(5, 0);
    expect(value('school_web_vitals_cls_bucket', { ...home, le: '0.05' })).toBe(1);
    expect(value('school_web_vitals_inp_seconds_bucket', { page_type: '/products/[course]', device: 'desktop', le: '0.2' })).toBe(1);
    expect(value('school_web_vitals_inp_seconds_count', home)).toBeUndefined();
  });
});
