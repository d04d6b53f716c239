import { moscowToday } from '@/lib/calendar';
import { testProgress, type TestProgress } from '@/lib/experiments/plain-words';
import { analyseTest, cumulativeDays, plannedShowsPerVariant, type DayCounts, type TestReport } from '@/lib/experiments/sequential';
import { trustProblems, type TrustProblem } from '@/lib/experiments/trust';
import type { Repositories } from '../repositories';
import type { SplitTest } from './subjects/popup';
import type { TrafficDayTotals } from '../repositories/traffic';
import { popupTests } from './subjects/popup';

const DAY_MS = 86_400_000;
/** The conversion assumed for the plan when the pop-up has too few shows to measure its own. */
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

export interface SplitTestView {
  test: SplitTest;
  /** Cumulative figures at each day's end, oldest first (each day is one look). */
  days: DayCounts[];
  report: TestReport;
  /** A running test's shows still needed a variant and its end at the pace so far; null once stopped. */
  progress: TestProgress | null;
  /** The test's counted and uncounted events per day of its run, newest first («Подозрительный трафик»). */
  traffic: TrafficDayTotals[];
  /** Why its figures may not decide by themselves (lib/experiments/trust.ts); none when they may. */
  trust: TrustProblem[];
  /** The moment the figures were read. */
  now: number;
}

/**
 * A test's figures, analysed: what «Результаты теста» shows and the verdict job acts on. The end follows
 * the test's own pace of shows (before its first show there is none to go by: «ещё нет показов»); the
 * trust problems come from the networks behind the counted figures and the uncounted share of its run.
 */
export async function splitTestView(repos: Pick<Repositories, 'experiments' | 'traffic'>, test: SplitTest, now: number): Promise<SplitTestView> {
  const rows = await popupTests(repos).perDay(test.id);
  const days = cumulativeDays(rows, test.variants.length);
  const report = analyseTest(days, test.plannedShows);
  const progress = test.status === 'running' ? testProgress(report, test.startedAt, now) : null;
  const traffic = await repos.traffic.totals('test', moscowToday(new Date(test.startedAt)), moscowToday(new Date(test.stoppedAt ?? now)), test.id);
  const sum = (key: 'counted' | 'uncounted') => traffic.reduce((total, day) => total + day[key], 0);
  const trust = trustProblems({
    variants: report.variants,
    networks: await popupTests(repos).networks(test.id),
    traffic: { counted: sum('counted'), uncounted: sum('uncounted') },
  });
  return { test, days, report, progress, traffic, trust, now };
}
