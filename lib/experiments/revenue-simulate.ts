/**
 * The revenue scenario of `npm run bench:experiments` (pure, seeded): visitors convert to leads, some
 * leads pay a price drawn from the school's tariffs, and the team looks at revenue per visitor every day,
 * stopping at the first verdict of the always-valid interval (revenue.ts). Payments are taken as known
 * the day of the lead (GetCourse reports them later in life; a later payment only delays the verdict).
 */
import { addPayment, compareRevenue, emptyRevenue, type RevenueSample } from './revenue';
import { binomial, seededRandom } from './simulate';

export interface RevenueScenario {
  /** Leads a visitor. */
  conversion: number;
  /** Paying leads a lead. */
  paying: number;
  /** Prices a payment is drawn from, uniformly (kopecks). */
  prices: readonly number[];
  visitorsPerVariantPerDay: number;
  days: number;
}

export interface RevenueSimulation {
  tests: number;
  /** Tests ending on a difference: either way for A/A, B better for A/B. */
  verdicts: number;
  daysToVerdict: number[];
}

/**
 * `tests` two-variant tests, B's conversion to leads `uplift` higher (so its revenue per visitor is too,
 * payers and prices alike); `countOnlyBetter` as in simulate.ts.
 */
export function simulateRevenue(scenario: RevenueScenario, uplift: number, tests: number, seed: number, countOnlyBetter: boolean): RevenueSimulation {
  const random = seededRandom(seed);
  const result: RevenueSimulation = { tests, verdicts: 0, daysToVerdict: [] };
  const day = (sample: RevenueSample, conversion: number): RevenueSample => {
    const leads = binomial(scenario.visitorsPerVariantPerDay, conversion, random);
    const payers = binomial(leads, scenario.paying, random);
    let next = { ...sample, visitors: sample.visitors + scenario.visitorsPerVariantPerDay };
    for (let i = 0; i < payers; i++) next = addPayment(next, scenario.prices[Math.floor(random() * scenario.prices.length)]!);
    return next;
  };
  for (let test = 0; test < tests; test++) {
    let a = emptyRevenue;
    let b = emptyRevenue;
    for (let d = 0; d < scenario.days; d++) {
      a = day(a, scenario.conversion);
      b = day(b, scenario.conversion * (1 + uplift));
      const comparison = compareRevenue(a, b);
      if (comparison?.decided) {
        if (!countOnlyBetter || comparison.decided === 'better') {
          result.verdicts += 1;
          result.daysToVerdict.push(d + 1);
        }
        break;
      }
    }
  }
  return result;
}
