import { describe, expect, it } from 'vitest';
import { addPayment, compareRevenue, emptyRevenue, MIN_PAYMENTS, revenuePerVisitor, type RevenueSample } from './revenue';
import { simulateRevenue } from './revenue-simulate';
import { confidenceSequenceHalfWidth } from './sequential';

/** `visitors` visitors of whom `payments` paid `price` each. */
const sample = (visitors: number, payments: number, price: number): RevenueSample => {
  let s = { ...emptyRevenue, visitors };
  for (let i = 0; i < payments; i++) s = addPayment(s, price);
  return s;
};

describe('revenue per visitor', () => {
  it("is the mean over visitors, its interval the confidence sequence at the sample's size", () => {
    const s = sample(1000, 10, 1_000_000);
    const { mean, low, high } = revenuePerVisitor(s);
    expect(mean).toBe(10_000);
    const variance = (10 * 1_000_000 ** 2 - 1000 * mean ** 2) / 999;
    const half = confidenceSequenceHalfWidth(Math.sqrt(variance / 1000), 1000);
    expect(high).toBeCloseTo(mean + half, 6);
    expect(low).toBe(Math.max(0, mean - half));
    // Valid at every n, it is wider than the fixed-sample 95 % interval.
    expect(half).toBeGreaterThan(1.96 * Math.sqrt(variance / 1000));
    expect(revenuePerVisitor(emptyRevenue)).toEqual({ mean: 0, low: 0, high: Infinity });
  });

  it("compares a variant with A: the difference, its interval, and a verdict only past the payments' floor with the interval clear of 0", () => {
    const a = sample(20_000, 60, 3_000_000);
    const b = sample(20_000, 120, 3_000_000);
    const comparison = compareRevenue(a, b)!;
    expect(comparison.difference).toBe(9_000);
    expect(comparison.relative).toBeCloseTo(1, 10);
    expect(comparison.low).toBeGreaterThan(0);
    expect(comparison.decided).toBe('better');
    expect(compareRevenue(b, a)!.decided).toBe('worse');
    // The same shares with fewer payments than the floor: no verdict, however the interval falls.
    const few = compareRevenue(sample(1000, MIN_PAYMENTS - 7, 3_000_000), sample(1000, MIN_PAYMENTS - 1, 3_000_000))!;
    expect(few.decided).toBeNull();
    expect(compareRevenue(emptyRevenue, b)).toBeNull();
  });

  it('gives at most 5 % false verdicts in A/A tests looked at every day (seeded), and finds a large difference', () => {
    const scenario = { conversion: 0.03, paying: 0.3, prices: [1_299_000, 2_990_000, 5_990_000, 990_000], visitorsPerVariantPerDay: 1000, days: 30 };
    const aa = simulateRevenue(scenario, 0, 400, 7, false);
    expect(aa.verdicts / aa.tests).toBeLessThanOrEqual(0.05);
    const ab = simulateRevenue(scenario, 1, 200, 8, true);
    expect(ab.verdicts / ab.tests).toBeGreaterThan(0.8);
  });
});
