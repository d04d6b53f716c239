/**
 * Medians and how far to trust them. One throttled page load's first paint varies by ±0.2 s on a shared
 * 2-core machine, more than most effects measured, so `npm run bench:real-phone` states each comparison
 * with an interval and judges a bar only when the interval lies on one side of it.
 */
import { seededRandom } from '../lib/experiments/simulate';

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export interface Interval {
  low: number;
  high: number;
}

/**
 * The percentile bootstrap interval (90 % by default) of a statistic of several independent sample lists,
 * e.g. the ratio of two medians: each round draws every list again, with replacement, at its own size.
 */
export function bootstrapInterval(
  lists: readonly (readonly number[])[],
  statistic: (lists: number[][]) => number,
  { rounds = 4000, level = 0.9, seed = 30 }: { rounds?: number; level?: number; seed?: number } = {},
): Interval {
  if (lists.some((list) => list.length === 0)) throw new Error('bootstrapInterval needs at least one sample in each list');
  const random = seededRandom(seed);
  const values = Array.from({ length: rounds }, () => statistic(lists.map((list) => list.map(() => list[Math.floor(random() * list.length)]!)))).sort(
    (a, b) => a - b,
  );
  const tail = (1 - level) / 2;
  return { low: values[Math.floor(tail * (rounds - 1))]!, high: values[Math.ceil((1 - tail) * (rounds - 1))]! };
}

export type Verdict = 'holds' | 'fails' | 'undecided';

/** Whether "the value is at most `limit`" holds for the whole interval, fails for the whole of it, or neither. */
export function atMost(interval: Interval, limit: number): Verdict {
  if (interval.high <= limit) return 'holds';
  if (interval.low > limit) return 'fails';
  return 'undecided';
}

/** A median with its bootstrap interval. */
export interface Estimate {
  median: number;
  interval: Interval;
}

export function medianEstimate(values: readonly number[]): Estimate {
  return { median: median(values), interval: bootstrapInterval([values], ([list]) => median(list!)) };
}

/**
 * "As fast as": each median lies within the other's interval, so the two cannot be told apart at this
 * level (a page test's variant against its original page).
 */
export function withinEachOther(a: Estimate, b: Estimate): boolean {
  const inside = (value: number, { low, high }: Interval) => low <= value && value <= high;
  return inside(a.median, b.interval) && inside(b.median, a.interval);
}
