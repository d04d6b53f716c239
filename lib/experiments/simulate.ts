/**
 * The seeded simulation behind `npm run bench:experiments` and the A/A unit test: tests with a fixed
 * daily traffic, looked at every day and stopped at the first verdict (pure, deterministic).
 */
import {
  confidenceSequenceHalfWidth,
  crossesBoundary,
  naiveZ,
  relativeDifference,
  sequentialBoundaries,
  MIN_LEADS,
  MIN_SHOWS,
  type VariantCounts,
} from './sequential';

/** mulberry32: a small seeded generator, uniform in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A binomial draw by inversion (fine for small n·p). */
export function binomial(n: number, p: number, random: () => number): number {
  const u = random();
  const q = 1 - p;
  let probability = q ** n;
  let cumulative = probability;
  let k = 0;
  while (u > cumulative && k < n) {
    probability *= ((n - k) / (k + 1)) * (p / q);
    k += 1;
    cumulative += probability;
  }
  return k;
}

export interface Scenario {
  baseRate: number;
  uplift: number;
  showsPerVariantPerDay: number;
  days: number;
  alpha: number;
}

export const benchScenario: Scenario = { baseRate: 0.03, uplift: 0.2, showsPerVariantPerDay: 500, days: 30, alpha: 0.05 };

export interface SimulationResult {
  tests: number;
  /** Tests that ended on a difference (either direction for A/A, B better for A/B). */
  verdicts: number;
  naiveVerdicts: number;
  /** Days to the verdict, of the tests that reached one. */
  daysToVerdict: number[];
  /** The same for a GrowthBook-style asymptotic confidence sequence (the comparison). */
  sequenceVerdicts: number;
  sequenceDaysToVerdict: number[];
}

/**
 * `tests` two-variant tests of the scenario, B converting at `baseRate·(1+uplift)`; the sequential test
 * (planned horizon = the scenario's days) and a naive daily z-test at 1.96, each stopping at its first
 * verdict. `countOnlyBetter`: a verdict counts only when it says B is better (power); else either way.
 */
export function simulate(scenario: Scenario, uplift: number, tests: number, seed: number, countOnlyBetter: boolean): SimulationResult {
  const random = seededRandom(seed);
  const fractions = Array.from({ length: scenario.days }, (_, day) => (day + 1) / scenario.days);
  const boundaries = sequentialBoundaries(fractions, scenario.alpha);
  const naiveCritical = 1.959963984540054;
  const result: SimulationResult = { tests, verdicts: 0, naiveVerdicts: 0, daysToVerdict: [], sequenceVerdicts: 0, sequenceDaysToVerdict: [] };
  const rateB = scenario.baseRate * (1 + uplift);
  for (let test = 0; test < tests; test++) {
    const a: VariantCounts = { shows: 0, leads: 0 };
    const b: VariantCounts = { shows: 0, leads: 0 };
    let decided = false;
    let naiveDecided = false;
    let sequenceDecided = false;
    for (let day = 0; day < scenario.days && !(decided && naiveDecided && sequenceDecided); day++) {
      a.shows += scenario.showsPerVariantPerDay;
      b.shows += scenario.showsPerVariantPerDay;
      a.leads += binomial(scenario.showsPerVariantPerDay, scenario.baseRate, random);
      b.leads += binomial(scenario.showsPerVariantPerDay, rateB, random);
      if (!naiveDecided) {
        const z = naiveZ(a, b);
        if (Math.abs(z) >= naiveCritical) {
          naiveDecided = true;
          if (!countOnlyBetter || z > 0) result.naiveVerdicts += 1;
        }
      }
      const floor = a.shows >= MIN_SHOWS && b.shows >= MIN_SHOWS && a.leads >= MIN_LEADS && b.leads >= MIN_LEADS;
      if (!sequenceDecided && floor) {
        const difference = relativeDifference(a, b);
        if (difference && Math.abs(difference.estimate) > confidenceSequenceHalfWidth(difference.se, a.shows + b.shows, scenario.alpha)) {
          sequenceDecided = true;
          if (!countOnlyBetter || difference.estimate > 0) {
            result.sequenceVerdicts += 1;
            result.sequenceDaysToVerdict.push(day + 1);
          }
        }
      }
      if (!decided && floor && crossesBoundary(a, b, boundaries[day]!)) {
        {
          decided = true;
          if (!countOnlyBetter || b.leads / b.shows > a.leads / a.shows) {
            result.verdicts += 1;
            result.daysToVerdict.push(day + 1);
          }
        }
      }
    }
  }
  return result;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The comparison's line: the same tests read by an asymptotic confidence sequence. */
export function comparisonLine(aa: SimulationResult, ab: SimulationResult): string {
  const percent = (x: number) => `${(x * 100).toFixed(1)}%`;
  return (
    `comparison, asymptotic confidence sequence (GrowthBook-style, N=5000): A/A false positives ${percent(aa.sequenceVerdicts / aa.tests)}, ` +
    `power at +20% ${percent(ab.sequenceVerdicts / ab.tests)}, median days to verdict ${Math.round(median(ab.sequenceDaysToVerdict))}`
  );
}

/** The bench's one line. */
export function benchLine(aa: SimulationResult, ab: SimulationResult): string {
  const percent = (x: number) => `${(x * 100).toFixed(1)}%`;
  return (
    `experiments: A/A false positives ${percent(aa.verdicts / aa.tests)} (naive daily z-test ${percent(aa.naiveVerdicts / aa.tests)}), ` +
    `power at +20% ${percent(ab.verdicts / ab.tests)}, median days to verdict ${Math.round(median(ab.daysToVerdict))}`
  );
}
