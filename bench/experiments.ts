/**
 * `npm run bench:experiments`: the pop-up split tests' statistics (lib/experiments/sequential.ts) on a
 * seeded simulation of the school's traffic: 10,000 A/A and 10,000 A/B tests (at least 2,000 were asked
 * for; more make the rates precise to about ±0.4 points), base conversion 3 %, +20 %, 500 shows a day a
 * variant, 30 days, the team looking every day and stopping at the first verdict.
 * Prints the same tests read by a GrowthBook-style asymptotic confidence sequence (the comparison), then,
 * last, one line: false positives (with a naive daily z-test as the control), power, median days.
 *   BENCH_TESTS (10000)  BENCH_SEED (28)
 */
import { benchLine, benchScenario, comparisonLine, simulate } from '../lib/experiments/simulate';
import { benchReport } from './support';

const report = benchReport('experiments');

const tests = Number(process.env.BENCH_TESTS ?? 10_000);
const seed = Number(process.env.BENCH_SEED ?? 28);
const started = performance.now();
const aa = simulate(benchScenario, 0, tests, seed, false);
const ab = simulate(benchScenario, benchScenario.uplift, tests, seed + 1, true);
report.print(`${tests} A/A and ${tests} A/B tests in ${((performance.now() - started) / 1000).toFixed(1)} s`);
report.print(comparisonLine(aa, ab));
report.print(benchLine(aa, ab));
console.error(`written to ${report.record()}`);
