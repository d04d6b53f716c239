import { describe, expect, it } from 'vitest';
import { bucketOf } from '@/lib/vitals/histogram';
import type { VitalName } from '@/lib/vitals/metrics';
import type { VitalsBucketRow, VitalsNetworkCounts } from '@/server/repositories/vitals';
import {
  dailyTrend,
  formatVital,
  MIN_NETWORKS,
  MIN_SAMPLES,
  parseVitalsQuery,
  popupEffect,
  slowPageTypes,
  uncolouredBecause,
  vitalsTable,
} from './vitals-figures';

const rows = (pageType: string, device: 'phone' | 'desktop', metric: VitalName, values: number[], popup = false): VitalsBucketRow[] =>
  values.map((value) => ({ pageType, device, metric, popup, bucket: bucketOf(metric, value), count: 1 }));

/** As if every row, page type and the whole period had reports from `count` networks. */
const fromNetworks = (count: number, of: readonly VitalsBucketRow[]): VitalsNetworkCounts => ({
  rows: new Map(of.map((row) => [`${row.pageType}\n${row.device}`, count])),
  pageTypes: new Map(of.map((row) => [row.pageType, count])),
  all: count,
});

describe('parseVitalsQuery', () => {
  const now = Date.UTC(2026, 10, 23, 9);
  it('shows the last 28 days, every device and the LCP trend by default', () => {
    expect(parseVitalsQuery({}, now)).toEqual({ fromDay: '2026-10-27', toDay: '2026-11-23', device: null, trend: 'LCP' });
  });
  it('takes a chosen period (either order), device and trend metric; ignores the rest', () => {
    expect(parseVitalsQuery({ from: '2026-11-20', to: '2026-11-01', device: 'phone', trend: 'INP' }, now)).toEqual({
      fromDay: '2026-11-01',
      toDay: '2026-11-20',
      device: 'phone',
      trend: 'INP',
    });
    expect(parseVitalsQuery({ from: '2026-02-30', to: '2026-11-01', device: 'fridge', trend: 'FID' }, now)).toMatchObject({
      fromDay: '2026-10-27',
      device: null,
      trend: 'LCP',
    });
  });
});

describe('vitalsTable', () => {
  it('gives p75 per page type and device, coloured only from 50 samples on', () => {
    const many = Array.from({ length: 60 }, (_, i) => (i < 40 ? 2000 : 5000)); // p75 is the 45th: 5000 ms
    const measured = [
      ...rows('/products/[course]', 'phone', 'LCP', many),
      ...rows('/', 'desktop', 'LCP', [1200, 1300]),
      ...rows('/', 'desktop', 'CLS', [0, 0, 0.3]),
    ];
    const table = vitalsTable(measured, fromNetworks(MIN_NETWORKS, measured));
    expect(table.map((row) => [row.pageType, row.device, row.views])).toEqual([
      ['/products/[course]', 'phone', 60],
      ['/', 'desktop', 3],
    ]);
    expect(table[0]!.cells.LCP).toMatchObject({ samples: 60, rating: 'poor' });
    expect(Math.abs(table[0]!.cells.LCP.p75! - 5000) / 5000).toBeLessThan(0.025);
    expect(table[1]!.cells.LCP).toMatchObject({ samples: 2, rating: null });
    expect(table[1]!.cells.INP).toEqual({ p75: null, samples: 0, networks: MIN_NETWORKS, rating: null });
    expect(vitalsTable(rows('/', 'desktop', 'LCP', [1]), fromNetworks(MIN_NETWORKS, []), 'phone')).toEqual([]);
  });

  it('colours a row only when its reports come from enough networks; otherwise it says why it has none', () => {
    // A page nobody visits, 100 reports of a 118.81 s LCP from ten addresses, each network of its own.
    const forged = rows('/roadmap/[roadmapAlias]', 'phone', 'LCP', Array(100).fill(118_810));
    const [few] = vitalsTable(forged, fromNetworks(10, forged));
    expect(few!.cells.LCP).toMatchObject({ samples: 100, networks: 10, rating: null });
    expect(uncolouredBecause(few!.cells.LCP)).toBe('networks');
    expect(slowPageTypes(forged, fromNetworks(10, forged))).toEqual([]);
    const [enough] = vitalsTable(forged, fromNetworks(MIN_NETWORKS, forged));
    expect(enough!.cells.LCP.rating).toBe('poor');
    expect(uncolouredBecause(enough!.cells.LCP)).toBeNull();
    // Few samples is said first, whatever the networks.
    const [thin] = vitalsTable(forged.slice(0, MIN_SAMPLES - 1), fromNetworks(MIN_NETWORKS, forged));
    expect(uncolouredBecause(thin!.cells.LCP)).toBe('samples');
    expect(uncolouredBecause(thin!.cells.INP)).toBeNull();
  });

  it('names the slow page types (LCP or INP not good with enough data), devices summed', () => {
    const slowInp = [...rows('/media', 'phone', 'INP', Array(30).fill(600)), ...rows('/media', 'desktop', 'INP', Array(30).fill(600))];
    const fast = rows('/', 'phone', 'LCP', Array(60).fill(900));
    const fewSlow = rows('/about', 'phone', 'LCP', [9000]);
    const all = [...slowInp, ...fast, ...fewSlow];
    expect(slowPageTypes(all, fromNetworks(MIN_NETWORKS, all))).toEqual([{ pageType: '/media', metrics: ['INP'] }]);
  });

  it('compares CLS and INP with and without a pop-up', () => {
    const measured = [...rows('/', 'phone', 'CLS', [0, 0], false), ...rows('/', 'phone', 'CLS', [0.2, 0.2], true)];
    const effect = popupEffect(measured, fromNetworks(MIN_NETWORKS, measured));
    expect(effect[0]!.metric).toBe('CLS');
    expect(effect[0]!.without.p75).toBe(0);
    expect(effect[0]!.with.p75).toBeCloseTo(0.2, 2);
  });
});

describe('dailyTrend', () => {
  it('gives every day of the period, empty days included', () => {
    const trend = dailyTrend(
      [
        { day: '2026-11-21', metric: 'LCP', bucket: bucketOf('LCP', 1000), count: 3 },
        { day: '2026-11-23', metric: 'LCP', bucket: bucketOf('LCP', 3000), count: 1 },
        { day: '2026-11-23', metric: 'INP', bucket: bucketOf('INP', 100), count: 1 },
      ],
      'LCP',
      '2026-11-21',
      '2026-11-23',
    );
    expect(trend.days).toEqual(['2026-11-21', '2026-11-22', '2026-11-23']);
    expect(trend.samples).toEqual([3, 0, 1]);
    expect(trend.p75[1]).toBeNull();
    expect(Math.abs(trend.p75[2]! - 3000) / 3000).toBeLessThan(0.025);
  });
});

describe('formatVital', () => {
  it('writes seconds, milliseconds and CLS as the thresholds are written', () => {
    expect(formatVital('LCP', 2345)).toBe('2,35 с');
    expect(formatVital('LCP', 640)).toBe('640 мс');
    expect(formatVital('INP', 180.4)).toBe('180 мс');
    expect(formatVital('CLS', 0.05)).toBe('0,05');
    expect(formatVital('CLS', null)).toBe('—');
  });
});
