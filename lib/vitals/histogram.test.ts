import { describe, expect, it } from 'vitest';
import { bucketBounds, bucketOf, bucketValue, cumulativeCounts, mergeHistograms, percentile, sampleCount } from './histogram';
import { VITAL_BOUNDS, VITAL_NAMES } from './metrics';

const histogramOf = (name: Parameters<typeof bucketOf>[0], values: number[]) => {
  const histogram = new Map<number, number>();
  for (const value of values) histogram.set(bucketOf(name, value), (histogram.get(bucketOf(name, value)) ?? 0) + 1);
  return histogram;
};

describe('bucketOf', () => {
  it('puts every value inside its bucket bounds, from zero to the physical bound', () => {
    for (const name of VITAL_NAMES) {
      for (const value of [0, 0.00005, 0.0001, 0.05, 0.1, 0.25, 1, 1.5, 199, 200, 2500, 4000, VITAL_BOUNDS[name].max]) {
        const bucket = bucketOf(name, value);
        const { low, high } = bucketBounds(name, bucket);
        expect(value, `${name} ${value}`).toBeGreaterThanOrEqual(low * (1 - 1e-9));
        expect(value, `${name} ${value}`).toBeLessThan(high * (1 + 1e-9));
      }
    }
  });

  it('reads a bucket back within 2.5 % of any value in it', () => {
    for (const value of [1.2, 37, 199, 201, 2499, 2501, 4000, 60_000]) {
      expect(Math.abs(bucketValue('LCP', bucketOf('LCP', value)) - value) / value).toBeLessThan(0.025);
    }
    for (const value of [0.0123, 0.1, 0.26, 3]) expect(Math.abs(bucketValue('CLS', bucketOf('CLS', value)) - value) / value).toBeLessThan(0.025);
  });

  it('keeps a CLS of 0 as 0 and the largest value under 250 buckets', () => {
    expect(bucketOf('CLS', 0)).toBe(0);
    expect(bucketValue('CLS', 0)).toBe(0);
    expect(bucketOf('LCP', 120_000)).toBeLessThan(250);
    expect(bucketOf('CLS', 10)).toBeLessThan(250);
  });
});

describe('percentile', () => {
  it('is null for no samples', () => {
    expect(percentile('LCP', new Map(), 0.75)).toBeNull();
  });

  it('gives the nearest-rank p75 within 2.5 %', () => {
    const values = Array.from({ length: 100 }, (_, i) => 1000 + i * 30); // 1000 … 3970 ms
    const p75 = percentile('LCP', histogramOf('LCP', values), 0.75)!;
    expect(Math.abs(p75 - values[74]!) / values[74]!).toBeLessThan(0.025);
  });

  it('is 0 when most pages never shift', () => {
    expect(percentile('CLS', histogramOf('CLS', [0, 0, 0, 0.3]), 0.75)).toBe(0);
    expect(percentile('CLS', histogramOf('CLS', [0, 0, 0.3, 0.3]), 0.75)).toBeCloseTo(0.3, 1);
  });
});

describe('mergeHistograms and cumulativeCounts', () => {
  it('adds counts bucket by bucket', () => {
    const merged = mergeHistograms([histogramOf('INP', [100, 100, 300]), histogramOf('INP', [100, 900])]);
    expect(sampleCount(merged)).toBe(5);
    expect(merged.get(bucketOf('INP', 100))).toBe(3);
  });

  it('counts a sample under the first bound its bucket fits below', () => {
    const histogram = histogramOf('INP', [50, 150, 150, 450, 2000]);
    expect(cumulativeCounts('INP', histogram, [100, 200, 500, 1000, Infinity])).toEqual([1, 3, 4, 4, 5]);
  });
});
