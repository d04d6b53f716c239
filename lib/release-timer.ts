/**
 * The release timer (deploy/site-release.timer): every day at `releaseTimerMoscowTime`, Moscow time, it
 * releases when an article, a story or an event becomes due that day (scripts/release-due.ts). So a
 * publication dated a day appears with that day's run; the console's «Публикации» says when.
 * deploy/release.test.ts holds the timer's `OnCalendar` line equal to this time.
 */
export const releaseTimerMoscowTime = '00:10';

const DAY_MS = 86_400_000;
const MOSCOW_OFFSET_MS = 3 * 3_600_000;

/** The timer's run on `day` (YYYY-MM-DD, Moscow), epoch ms. */
export function releaseTimerRunOn(day: string): number {
  const [hours, minutes] = releaseTimerMoscowTime.split(':').map(Number) as [number, number];
  return Date.parse(`${day}T00:00:00Z`) - MOSCOW_OFFSET_MS + hours * 3_600_000 + minutes * 60_000;
}

/** The timer's first run after `now` (epoch ms). */
export function nextReleaseTimerRun(now: number): number {
  const today = new Date(now + MOSCOW_OFFSET_MS).toISOString().slice(0, 10);
  const run = releaseTimerRunOn(today);
  return run > now ? run : run + DAY_MS;
}
