/**
 * `npm run bench:experiments`: the pop-up split tests' statistics (lib/experiments/sequential.ts) on a
 * seeded simulation of the school's traffic: 10,000 A/A and 10,000 A/B tests (at least 2,000 were asked
 * for; more make the rates precise to about ±0.4 points), base conversion 3 %, +20 %, 500 shows a day a
 * variant, 30 days, the team looking every day and stopping at the first verdict.
 * Prints the same tests read by a GrowthBook-style asymptotic confidence sequence (the comparison), then,
 * the revenue scenario of page tests (3 % of visitors leave a lead, 30 % of leads pay a price drawn from
 * the school's paid tariffs, B +20 % revenue per visitor, the same traffic and daily looks) read by the
 * always-valid interval of lib/experiments/revenue.ts, then the futility rule the autopilot stops by
 * (the power it costs, the false positives it keeps), then a year of the school under the autopilot and
 * under one test at a time by hand (lib/experiments/year-simulate.ts: the school's course pages and
 * pop-ups with their tariffs' prices, traffic drawn for each, weekly and summer seasonality), and, last,
 * one line: false positives (with a naive daily z-test as the control), power, median days.
 *   BENCH_TESTS (10000)  BENCH_SEED (28)  BENCH_YEARS (10)
 */
import { coursePages, courses } from '../content/courses';
import { isSecretPage } from '../content/names';
import { filePopupSeeds } from '../server/popups/seed';
import { elementsOf, type Pattern } from '../lib/experiments/autopilot';
import { futilityPowerLoss } from '../lib/experiments/sequential';
import { schoolWeek, simulateYears, yearLines, type YearPlace } from '../lib/experiments/year-simulate';
import { seededRandom } from '../lib/experiments/simulate';
import { simulateRevenue, type RevenueScenario } from '../lib/experiments/revenue-simulate';
import { benchLine, benchScenario, comparisonLine, median, simulate } from '../lib/experiments/simulate';
import { benchReport } from './support';

const report = benchReport('experiments');

const tests = Number(process.env.BENCH_TESTS ?? 10_000);
const seed = Number(process.env.BENCH_SEED ?? 28);
const started = performance.now();
const aa = simulate(benchScenario, 0, tests, seed, false);
const ab = simulate(benchScenario, benchScenario.uplift, tests, seed + 1, true);
report.print(`${tests} A/A and ${tests} A/B tests in ${((performance.now() - started) / 1000).toFixed(1)} s`);
report.print(comparisonLine(aa, ab));

// A paid tariff's whole price (monthly ones for their months), kopecks.
const prices = courses().flatMap((course) =>
  course.tariffs.filter((tariff) => tariff.price > 0).map((tariff) => tariff.price * (tariff.monthly ? (tariff.months ?? 1) : 1) * 100),
);
const revenueScenario: RevenueScenario = {
  conversion: 0.03,
  paying: 0.3,
  prices,
  visitorsPerVariantPerDay: benchScenario.showsPerVariantPerDay,
  days: benchScenario.days,
};
const revenueAa = simulateRevenue(revenueScenario, 0, tests, seed + 2, false);
const revenueAb = simulateRevenue(revenueScenario, 0.2, tests, seed + 3, true);
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
report.print(
  `revenue per visitor (page tests: 3% leads, 30% of leads pay, ${prices.length} tariff prices, confidence sequence, daily looks): ` +
    `A/A false verdicts ${pct(revenueAa.verdicts / tests)}, power at +20% ${pct(revenueAb.verdicts / tests)}, median days to verdict ${Math.round(median(revenueAb.daysToVerdict)) || '—'}`,
);
// Money is far noisier than leads (1 visitor in 110 pays): the traffic at which revenue per visitor decides.
const busy = { ...revenueScenario, visitorsPerVariantPerDay: 5000 };
const busyTests = Math.min(tests, 2000);
const busyAa = simulateRevenue(busy, 0, busyTests, seed + 4, false);
const busyAb = simulateRevenue(busy, 0.2, busyTests, seed + 5, true);
report.print(
  `revenue per visitor at 5000 visitors a day a variant (${busyTests} tests each): A/A false verdicts ${pct(busyAa.verdicts / busyTests)}, ` +
    `power at +20% ${pct(busyAb.verdicts / busyTests)}, median days to verdict ${Math.round(median(busyAb.daysToVerdict)) || '—'}`,
);

const futility = futilityPowerLoss(benchScenario.days);
report.print(
  `futility stop (conditional power under +20% below 10% from 30% of the plan, non-binding): power at +20% ${pct(futility.power)} → ${pct(futility.powerWithFutility)} ` +
    `(${(futility.lost * 100).toFixed(1)} points lost), A/A false positives with it ${pct(futility.falsePositivesWithFutility)} (never above without it)`,
);

// The school's places: its course pages and landings, and its pop-ups, each with traffic drawn once (seeded).
const draw = seededRandom(seed + 6);
const averagePrice = prices.reduce((sum, price) => sum + price, 0) / prices.length / 100;
const places: YearPlace[] = [
  ...coursePages()
    .filter((page) => !isSecretPage(page.path))
    .map((page) => ({
      kind: 'page' as const,
      key: page.path,
      visitorsPerDay: Math.round(80 + 900 * draw() ** 2),
      rate: 0.015 + 0.035 * draw(),
      paying: 0.3,
      price: averagePrice,
    })),
  ...filePopupSeeds().map((popup) => ({
    kind: 'popup' as const,
    key: popup.id,
    visitorsPerDay: Math.round(150 + 1200 * draw() ** 2),
    rate: 0.02 + 0.05 * draw(),
    paying: 0.2,
    price: averagePrice,
  })),
];
// Three texts the team keeps for every element.
const patterns: Pattern[] = [...new Set([...elementsOf.page, ...elementsOf.popup])].flatMap((element) =>
  [1, 2, 3].map((n) => ({ element, text: `${element} ${n}` })),
);
const years = Number(process.env.BENCH_YEARS ?? 10);
const yearStarted = performance.now();
const year = simulateYears({ places, patterns, weekdayFactors: schoolWeek, summerDip: 0.35, days: 364 }, years, seed + 7);
for (const line of yearLines(year)) report.print(line);
report.print(`(${years} years in ${((performance.now() - yearStarted) / 1000).toFixed(1)} s)`);
report.print(benchLine(aa, ab));
console.error(`written to ${report.record()}`);
