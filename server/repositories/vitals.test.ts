import { beforeEach, expect, it } from 'vitest';
import { bucketOf } from '@/lib/vitals/histogram';
import type { VitalsReport } from '@/lib/vitals/metrics';
import { describeEachDatabase } from '../testing/databases';
import { phoneOnCoursePage } from '@/tests/support/vitals-report';

const DAY_MS = 86_400_000;

describeEachDatabase('field vitals', (database) => {
  beforeEach(() => database().clear());
  const now = Date.UTC(2026, 10, 23, 9);
  const report = (change: Partial<VitalsReport> = {}): VitalsReport => ({
    ...phoneOnCoursePage,
    metrics: [
      { name: 'LCP', value: 3100, target: 'main>img.hero' },
      { name: 'INP', value: 240, target: 'button.buy', phase: 'processing-duration' },
      { name: 'CLS', value: 0 },
    ],
    ...change,
  });

  it('counts reports per bucket, page type, device and pop-up, adding up across reports', async () => {
    const { repos } = database();
    await repos.vitals.record(report(), now, 'network-a');
    await repos.vitals.record(report(), now, 'network-a');
    await repos.vitals.record(report({ device: 'desktop', popup: true, metrics: [{ name: 'LCP', value: 900 }] }), now, 'network-a');
    const rows = await repos.vitals.histograms('2026-11-23', '2026-11-23');
    expect(rows).toEqual(
      expect.arrayContaining([
        { pageType: '/products/[course]', device: 'phone', metric: 'LCP', popup: false, bucket: bucketOf('LCP', 3100), count: 2 },
        { pageType: '/products/[course]', device: 'phone', metric: 'CLS', popup: false, bucket: 0, count: 2 },
        { pageType: '/products/[course]', device: 'desktop', metric: 'LCP', popup: true, bucket: bucketOf('LCP', 900), count: 1 },
      ]),
    );
    expect(rows).toHaveLength(4);
    expect(await repos.vitals.context('2026-11-23', '2026-11-23')).toEqual([{ connection: '4g', navigation: 'navigate', reports: 3 }]);
  });

  it('sums days for the period and keeps them apart for the trend', async () => {
    const { repos } = database();
    await repos.vitals.record(report(), now - DAY_MS, 'network-a');
    await repos.vitals.record(report(), now, 'network-a');
    await repos.vitals.record(report({ page: '/' }), now, 'network-a');
    const period = await repos.vitals.histograms('2026-11-22', '2026-11-23');
    expect(period.find((row) => row.metric === 'INP' && row.pageType === '/products/[course]')?.count).toBe(2);
    const daily = await repos.vitals.dailyHistograms('2026-11-22', '2026-11-23', { pageType: '/products/[course]' });
    expect(daily.filter((row) => row.metric === 'LCP')).toEqual([
      { day: '2026-11-22', metric: 'LCP', bucket: bucketOf('LCP', 3100), count: 1 },
      { day: '2026-11-23', metric: 'LCP', bucket: bucketOf('LCP', 3100), count: 1 },
    ]);
    expect((await repos.vitals.dailyHistograms('2026-11-23', '2026-11-23')).find((row) => row.metric === 'LCP')?.count).toBe(2);
  });

  it('names the most frequent LCP elements and INP targets of a page type, with their phase and average', async () => {
    const { repos } = database();
    await repos.vitals.record(report(), now, 'network-a');
    await repos.vitals.record(report({ metrics: [{ name: 'INP', value: 400, target: 'button.buy', phase: 'processing-duration' }] }), now, 'network-a');
    await repos.vitals.record(report({ metrics: [{ name: 'INP', value: 90, target: 'a.menu', phase: 'input-delay' }] }), now, 'network-a');
    expect(await repos.vitals.topTargets('2026-11-23', '2026-11-23', '/products/[course]', 'INP')).toEqual([
      { target: 'button.buy', phase: 'processing-duration', count: 2, average: 320 },
      { target: 'a.menu', phase: 'input-delay', count: 1, average: 90 },
    ]);
    expect(await repos.vitals.topTargets('2026-11-23', '2026-11-23', '/products/[course]', 'LCP')).toEqual([
      { target: 'main>img.hero', phase: null, count: 1, average: 3100 },
    ]);
    expect(await repos.vitals.topTargets('2026-11-23', '2026-11-23', '/', 'LCP')).toEqual([]);
  });

  it('counts the networks behind the reports of a period once each, per page type and device, per page type and in all', async () => {
    const { repos } = database();
    // One network on two days and two page types; two more on the phone of one page type; one on the desktop.
    await repos.vitals.record(report(), now - DAY_MS, 'network-a');
    await repos.vitals.record(report(), now, 'network-a');
    await repos.vitals.record(report(), now, 'network-a');
    await repos.vitals.record(report({ page: '/' }), now, 'network-a');
    await repos.vitals.record(report(), now, 'network-b');
    await repos.vitals.record(report(), now, 'network-c');
    await repos.vitals.record(report({ device: 'desktop' }), now, 'network-d');
    const period = await repos.vitals.networks('2026-11-22', '2026-11-23');
    expect(period.rows).toEqual(
      new Map([
        ['/products/[course]\nphone', 3],
        ['/products/[course]\ndesktop', 1],
        ['/\nphone', 1],
      ]),
    );
    expect(period.pageTypes).toEqual(
      new Map([
        ['/products/[course]', 4],
        ['/', 1],
      ]),
    );
    expect(period.all).toBe(4);
    expect((await repos.vitals.networks('2026-11-22', '2026-11-23', 'desktop')).all).toBe(1);
    expect((await repos.vitals.networks('2026-11-22', '2026-11-22')).all).toBe(1);
  });

  it('deletes the days before the retention limit from every table', async () => {
    const { repos } = database();
    await repos.vitals.record(report(), now - 91 * DAY_MS, 'network-a');
    await repos.vitals.record(report(), now, 'network-a');
    expect(await repos.vitals.deleteBefore('2026-08-25')).toBe(7); // 3 buckets, 2 attributions, 1 context row, 1 network
    expect((await repos.vitals.networks('2000-01-01', '2999-01-01')).all).toBe(1);
    expect(await repos.vitals.histograms('2000-01-01', '2999-01-01')).toHaveLength(3);
    expect(await repos.vitals.deleteBefore('2026-08-25')).toBe(0);
  });
});
