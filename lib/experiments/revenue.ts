/**
 * Revenue per visitor of a test's variants, with intervals valid however often they are looked at
 * (every day, or at every page load of the console): the asymptotic confidence sequence of
 * Waudby-Smith, Arnold, Wu, Zhong & Ramdas, "Time-uniform central limit theory and asymptotic
 * confidence sequences" (arXiv:2103.06476, eq. 9 with the mixing parameter ρ of eq. 161), the same
 * as `confidenceSequenceHalfWidth` in sequential.ts and GrowthBook's sequential mode. Revenue is too
 * heavy-tailed (most visitors pay nothing, a few pay tens of thousands) and arrives too late after the
 * lead (a payment weeks after) for a planned number of looks: a sequence valid at every n needs no plan.
 * Pure; amounts in kopecks.
 */
import { confidenceSequenceHalfWidth } from './sequential';

export interface RevenueSample {
  /** Visitors of the variant (one a visitor). */
  visitors: number;
  /** Paid deals of its leads. */
  payments: number;
  /** Sum of what they paid, kopecks. */
  sum: number;
  /** Sum of the squares of what each visitor paid (kopecks²; a visitor who paid nothing adds 0). */
  sumSquares: number;
}

/** Tuned tightest near this many visitors of the two variants together (GrowthBook's default). */
export const REVENUE_TUNING = 5000;
/** No verdict on money before each variant has this many payments (the interval's normal approximation needs them). */
export const MIN_PAYMENTS = 10;

export const emptyRevenue: RevenueSample = { visitors: 0, payments: 0, sum: 0, sumSquares: 0 };

export function addPayment(sample: RevenueSample, kopecks: number): RevenueSample {
  return { ...sample, payments: sample.payments + 1, sum: sample.sum + kopecks, sumSquares: sample.sumSquares + kopecks * kopecks };
}

function meanAndVariance({ visitors, sum, sumSquares }: RevenueSample): { mean: number; variance: number } {
  if (visitors <= 0) return { mean: 0, variance: 0 };
  const mean = sum / visitors;
  const variance = visitors > 1 ? Math.max(0, (sumSquares - visitors * mean * mean) / (visitors - 1)) : 0;
  return { mean, variance };
}

/** Revenue per visitor of one variant and its always-valid 95 % interval (kopecks a visitor). */
export function revenuePerVisitor(sample: RevenueSample, alpha = 0.05): { mean: number; low: number; high: number } {
  const { mean, variance } = meanAndVariance(sample);
  if (sample.visitors < 2) return { mean, low: 0, high: Infinity };
  const half = confidenceSequenceHalfWidth(Math.sqrt(variance / sample.visitors), sample.visitors, alpha, REVENUE_TUNING);
  return { mean, low: Math.max(0, mean - half), high: mean + half };
}

export interface RevenueComparison {
  /** B's revenue per visitor minus A's, kopecks, with its always-valid interval. */
  difference: number;
  low: number;
  high: number;
  /** The difference relative to A's revenue per visitor (null while A has none). */
  relative: number | null;
  /** The interval excludes 0 and each has MIN_PAYMENTS payments. */
  decided: 'better' | 'worse' | null;
}

/** Variant against control (A): the difference of revenue per visitor and its confidence sequence. */
export function compareRevenue(control: RevenueSample, variant: RevenueSample, alpha = 0.05): RevenueComparison | null {
  if (control.visitors < 2 || variant.visitors < 2) return null;
  const a = meanAndVariance(control);
  const b = meanAndVariance(variant);
  const se = Math.sqrt(a.variance / control.visitors + b.variance / variant.visitors);
  const difference = b.mean - a.mean;
  const half = se > 0 ? confidenceSequenceHalfWidth(se, control.visitors + variant.visitors, alpha, REVENUE_TUNING) : Infinity;
  const low = difference - half;
  const high = difference + half;
  const enough = control.payments >= MIN_PAYMENTS && variant.payments >= MIN_PAYMENTS;
  return {
    difference,
    low,
    high,
    relative: a.mean > 0 ? difference / a.mean : null,
    decided: enough && low > 0 ? 'better' : enough && high < 0 ? 'worse' : null,
  };
}
