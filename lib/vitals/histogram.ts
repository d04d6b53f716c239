/**
 * Log-spaced histograms of field vitals: each value is kept as the number of its bucket, so a
 * day's thousands of reports are a few dozen rows and any percentile comes back within 2.5 % of the
 * exact figure, whatever the period. Pure.
 *
 * A value is counted in "units": milliseconds for the times, ten-thousandths for CLS. Bucket 0 holds
 * everything below one unit (a CLS of 0, the commonest value, lands there and reads back as 0); bucket
 * k ≥ 1 holds [G^(k-1), G^k) units with G = 1.05, so the largest value (two minutes) is bucket 241.
 */
import type { VitalName } from './metrics';

export const BUCKET_GROWTH = 1.05;
const LOG_GROWTH = Math.log(BUCKET_GROWTH);

/** How many units one of the metric's values is. */
export const UNITS_PER_VALUE: Record<VitalName, number> = { LCP: 1, FCP: 1, TTFB: 1, INP: 1, CLS: 10_000 };

/** A histogram: bucket number -> count. */
export type Histogram = ReadonlyMap<number, number>;

export function bucketOf(name: VitalName, value: number): number {
  const units = value * UNITS_PER_VALUE[name];
  if (!(units >= 1)) return 0;
  // The floating-point log may land a hair below an exact bucket boundary: nudge it.
  return Math.floor(Math.log(units) / LOG_GROWTH + 1e-9) + 1;
}

/** The bucket's lower and upper bounds, in the metric's own values. */
export function bucketBounds(name: VitalName, bucket: number): { low: number; high: number } {
  const scale = UNITS_PER_VALUE[name];
  if (bucket <= 0) return { low: 0, high: 1 / scale };
  return { low: BUCKET_GROWTH ** (bucket - 1) / scale, high: BUCKET_GROWTH ** bucket / scale };
}

/** The value a bucket reads back as: its geometric middle (0 for bucket 0). */
export function bucketValue(name: VitalName, bucket: number): number {
  if (bucket <= 0) return 0;
  const { low, high } = bucketBounds(name, bucket);
  return Math.sqrt(low * high);
}

export function sampleCount(histogram: Histogram): number {
  let total = 0;
  for (const count of histogram.values()) total += count;
  return total;
}

/**
 * The q-quantile (0 < q ≤ 1) by nearest rank, as CrUX computes its p75: the value of the bucket that
 * holds the ⌈q·n⌉-th smallest sample. Null for an empty histogram.
 */
export function percentile(name: VitalName, histogram: Histogram, q: number): number | null {
  const total = sampleCount(histogram);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (const bucket of [...histogram.keys()].sort((a, b) => a - b)) {
    seen += histogram.get(bucket) ?? 0;
    if (seen >= rank) return bucketValue(name, bucket);
  }
  return null;
}

/** Adds histograms up (several days, devices or pages). */
export function mergeHistograms(histograms: Iterable<Histogram>): Map<number, number> {
  const merged = new Map<number, number>();
  for (const histogram of histograms) {
    for (const [bucket, count] of histogram) merged.set(bucket, (merged.get(bucket) ?? 0) + count);
  }
  return merged;
}

/**
 * Cumulative counts at the given upper bounds (Prometheus' `le`), in the metric's own values: a bucket
 * is counted under the first bound its upper edge does not pass, so a count is never early.
 */
export function cumulativeCounts(name: VitalName, histogram: Histogram, bounds: readonly number[]): number[] {
  const sorted = [...histogram.entries()].sort((a, b) => a[0] - b[0]);
  return bounds.map((bound) => sorted.reduce((total, [bucket, count]) => (bucketBounds(name, bucket).high <= bound * (1 + 1e-9) ? total + count : total), 0));
}
