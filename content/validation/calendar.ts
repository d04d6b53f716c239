/**
 * Calendar days as content writes them (`2026-12-01`). A date must exist: `2026-11-31` is refused, never
 * read as 1 December. Days are the school's, Moscow time: an article dated today is published today.
 */
export const calendarDateMessage = 'нужна дата, которая есть в календаре, в виде ГГГГ-ММ-ДД (например, 2026-12-01)';

const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is YYYY-MM-DD and that day exists (29 February only in leap years). */
export function isCalendarDate(text: string): boolean {
  const match = isoDay.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const moscowDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day in Moscow at `now`, as YYYY-MM-DD. */
export function moscowToday(now: Date = new Date()): string {
  return moscowDay.format(now);
}
