/**
 * Calendar days and clock times as people write them (`2026-12-01`, `10:00`), for content and for the
 * gift schedule. A date must exist: `2026-11-31` is refused, never read as 1 December, and `25:00` or
 * `24:00` is not a time. Days are the school's, Moscow time.
 */
export const calendarDateMessage = 'нужна дата, которая есть в календаре, в виде ГГГГ-ММ-ДД (например, 2026-12-01)';

const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/;
const clockTime = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;

/** Whether `text` is YYYY-MM-DD and that day exists (29 February only in leap years). */
export function isCalendarDate(text: string): boolean {
  const match = isoDay.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Whether `text` is HH:MM, HH:MM:SS or HH:MM:SS.mmm within one day: 00:00 to 23:59:59. */
export function isClockTime(text: string): boolean {
  const match = clockTime.exec(text);
  if (!match) return false;
  const [hours, minutes, seconds = 0] = match.slice(1).map((part) => (part === undefined ? undefined : Number(part))) as [number, number, number?];
  return hours <= 23 && minutes <= 59 && seconds <= 59;
}

const moscowDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day in Moscow at `now`, as YYYY-MM-DD. */
export function moscowToday(now: Date = new Date()): string {
  return moscowDay.format(now);
}

const DAY_MS = 86_400_000;
/** Moscow keeps UTC+3 all year. */
const MOSCOW_OFFSET_MS = 3 * 3_600_000;

const moscowClock = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Moscow',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** `2026-12-20 10:00:00 MSK`: the school works in Moscow time, so its people read schedules in it. */
export function formatMoscowTime(timestamp: number): string {
  return `${moscowClock.format(timestamp)} MSK`;
}

/** Midnight in Moscow of the day `now` falls on (epoch ms). */
export function moscowMidnight(now: number): number {
  return Math.floor((now + MOSCOW_OFFSET_MS) / DAY_MS) * DAY_MS - MOSCOW_OFFSET_MS;
}

/** The console's three periods: today, the last 7 and the last 30 days (today included), Moscow days. */
export function periodStarts(now: number): { today: number; week: number; month: number } {
  const today = moscowMidnight(now);
  return { today, week: today - 6 * DAY_MS, month: today - 29 * DAY_MS };
}

const moscowDayMonth = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: 'numeric', month: 'long' });
const moscowHourMinute = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const moscowYear = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', year: 'numeric' });

/**
 * «16 декабря, 10:00 МСК»: a moment as the school's people read it in the console; the year is added
 * («16 декабря 2027, 10:00 МСК») when it is not the year of `now`.
 */
export function formatMoscowMoment(timestamp: number, now: number = Date.now()): string {
  const year = moscowYear.format(timestamp);
  const day = moscowDayMonth.format(timestamp);
  return `${day}${year === moscowYear.format(now) ? '' : ` ${year}`}, ${moscowHourMinute.format(timestamp)} МСК`;
}
