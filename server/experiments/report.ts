/**
 * The report of a test, whatever its kind: the cumulative figures at each day's end (each day is one
 * look), the sequential analysis of leads over visitors (lib/experiments/sequential.ts), the progress of a
 * running test, the test's counted and uncounted events per day («Подозрительный трафик») and the trust
 * problems of its figures (lib/experiments/trust.ts), and the money of its counted leads' deals with
 * revenue per visitor and its always-valid interval (lib/experiments/revenue.ts). A pop-up's report
 * (`splitTestView`, which the verdict job acts on) and a page's (`pageTestResults`) are this one report in
 * each kind's words.
 */
import { moscowToday } from '@/lib/calendar';
import { testProgress, type TestProgress } from '@/lib/experiments/plain-words';
import { addPayment, compareRevenue, emptyRevenue, revenuePerVisitor, type RevenueComparison, type RevenueSample } from '@/lib/experiments/revenue';
import { analyseTest, cumulativeDays, plannedShowsPerVariant, type DayCounts, type TestReport } from '@/lib/experiments/sequential';
import { trustProblems, type TrustProblem } from '@/lib/experiments/trust';
import { paidDealStatuses } from '../rules/deal-status';
import type { Repositories } from '../repositories';
import type { TrafficDayTotals } from '../repositories/traffic';
import type { PageTest } from './subjects/page';
import { splitTestDayOf, type SplitTest } from './subjects/popup';

const DAY_MS = 86_400_000;
/** The conversion assumed for the plan when the pop-up has too few shows to measure its own; a page test's always. */
export const DEFAULT_BASE_RATE = 0.03;

/**
 * Shows a variant the test plans (80 % power for +20 %), from the pop-up's own conversion over the last
 * 28 days (finished / shown) when it has 200 shows or more, else 3 %.
 */
export async function planTest(
  repos: Pick<Repositories, 'popupStats'>,
  popupId: string,
  variants: number,
  now: number,
): Promise<{ plannedShows: number; baseRate: number; showsPerDay: number }> {
  const to = moscowToday(new Date(now));
  const from = moscowToday(new Date(now - 27 * DAY_MS));
  const rows = (await repos.popupStats.perDay(from, to)).filter((row) => row.popup === popupId);
  const shown = rows.reduce((sum, row) => sum + row.shown, 0);
  const finished = rows.reduce((sum, row) => sum + row.finished, 0);
  const baseRate = shown >= 200 && finished > 0 ? finished / shown : DEFAULT_BASE_RATE;
  return { plannedShows: plannedShowsPerVariant(baseRate, Math.max(1, variants - 1)), baseRate, showsPerDay: shown / 28 };
}

/** Visitors a variant a page test plans, by its number of variants. */
export const plannedVisitors = (variants: number) => plannedShowsPerVariant(DEFAULT_BASE_RATE, Math.max(1, variants - 1));

/** What a report reads of a test, of either kind. */
interface ReportedTest {
  id: string;
  variants: readonly unknown[];
  planned: number;
  running: boolean;
  startedAt: number | null;
  stoppedAt: number | null;
}

/** Per variant, A first: paid deals and revenue of its counted leads, with revenue per visitor and its interval. */
export type VariantRevenue = RevenueSample & { perVisitor: ReturnType<typeof revenuePerVisitor>; comparison: RevenueComparison | null };

export interface ExperimentReport {
  /** Cumulative figures at each day's end, oldest first (each day is one look). */
  days: DayCounts[];
  report: TestReport;
  /** A running test's visitors still needed a variant and its end at the pace so far; null once stopped or before its start. */
  progress: TestProgress | null;
  /** The test's counted and uncounted events per day of its run, newest first («Подозрительный трафик»). */
  traffic: TrafficDayTotals[];
  /** Why its figures may not decide by themselves; none when they may. */
  trust: TrustProblem[];
  revenue: VariantRevenue[];
  /** The moment the figures were read. */
  now: number;
}

/** The one report of a test: figures, analysis, progress, suspicious traffic, trust and money. */
export async function experimentReport(
  repos: Pick<Repositories, 'experiments' | 'traffic' | 'deals'>,
  test: ReportedTest,
  now: number,
): Promise<ExperimentReport> {
  const count = test.variants.length;
  const days = cumulativeDays((await repos.experiments.perDay(test.id)).map(splitTestDayOf), count);
  const report = analyseTest(days, test.planned);
  const progress = test.running && test.startedAt !== null ? testProgress(report, test.startedAt, now) : null;
  const traffic =
    test.startedAt === null
      ? []
      : await repos.traffic.totals('test', moscowToday(new Date(test.startedAt)), moscowToday(new Date(test.stoppedAt ?? now)), test.id);
  const sum = (key: 'counted' | 'uncounted') => traffic.reduce((total, day) => total + day[key], 0);
  const trust = trustProblems({
    variants: report.variants,
    networks: (await repos.experiments.networks(test.id)).map(({ visitors, ...row }) => ({ ...row, shows: visitors })),
    traffic: { counted: sum('counted'), uncounted: sum('uncounted') },
  });
  return { days, report, progress, traffic, trust, revenue: await revenueOf(repos, test.id, days.at(-1)?.variants, count), now };
}

/** The money of the test's counted leads' deals, paid statuses only, per variant over its visitors. */
async function revenueOf(
  repos: Pick<Repositories, 'experiments' | 'deals'>,
  testId: string,
  figures: readonly { shows: number }[] | undefined,
  count: number,
): Promise<VariantRevenue[]> {
  const counted = await repos.experiments.leads(testId);
  const deals = await repos.deals.ofLeads(counted.map((lead) => lead.leadId));
  const samples: RevenueSample[] = Array.from({ length: count }, (_, index) => ({ ...emptyRevenue, visitors: figures?.[index]?.shows ?? 0 }));
  for (const lead of counted) {
    const deal = deals.get(lead.leadId);
    if (!deal || !paidDealStatuses.includes(deal.status) || !samples[lead.variant]) continue;
    samples[lead.variant] = addPayment(samples[lead.variant]!, deal.paidKopecks);
  }
  return samples.map((sample, index) => ({
    ...sample,
    perVisitor: revenuePerVisitor(sample),
    comparison: index === 0 ? null : compareRevenue(samples[0]!, sample),
  }));
}

/** What the report reads of a test of either kind, its planned visitors (a pop-up's shows) given. */
function reportedOf(test: SplitTest | PageTest, planned: number) {
  return { id: test.id, variants: test.variants, planned, running: test.status === 'running', startedAt: test.startedAt, stoppedAt: test.stoppedAt };
}

/** A pop-up test's report, what «Результаты теста» shows and the verdict job acts on. */
export type SplitTestView = ExperimentReport & { test: SplitTest };

export async function splitTestView(repos: Pick<Repositories, 'experiments' | 'traffic' | 'deals'>, test: SplitTest, now: number): Promise<SplitTestView> {
  return { test, ...(await experimentReport(repos, reportedOf(test, test.plannedShows), now)) };
}

/** A page test's report: decided on leads (`leads`), read in money too. */
export type PageTestResults = ExperimentReport & { test: PageTest; leads: TestReport };

export async function pageTestResults(
  repos: Pick<Repositories, 'experiments' | 'traffic' | 'deals'>,
  test: PageTest,
  now = Date.now(),
): Promise<PageTestResults> {
  const report = await experimentReport(repos, reportedOf(test, test.plannedVisitors), now);
  return { test, ...report, leads: report.report };
}
