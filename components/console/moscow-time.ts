/** `23.11.2026, 12:34`, Moscow time, however the server's clock is set: a moment as the console shows it. */
export function moscowTime(timestamp: number): string {
  return new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', dateStyle: 'short', timeStyle: 'short' }).format(timestamp);
}

const dayMonth = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: 'numeric', month: 'long' });
const dayMonthYear = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: 'numeric', month: 'long', year: 'numeric' });
const clock = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const yearOf = (timestamp: number) => new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', year: 'numeric' }).format(timestamp);

/** `в 12:40` on the same Moscow day as `now`, else `16 декабря, 10:00 МСК`: when something comes next. */
export function moscowWhen(timestamp: number, now = Date.now()): string {
  const dayOf = (at: number) => dayMonthYear.format(at);
  return dayOf(timestamp) === dayOf(now) ? `в ${clock.format(timestamp)}` : moscowDayTime(timestamp, now);
}

/** `16 декабря, 10:00 МСК` (the year written only when it is not this one's): a date as a marketer writes it. */
export function moscowDayTime(timestamp: number, now = Date.now()): string {
  const day = (yearOf(timestamp) === yearOf(now) ? dayMonth : dayMonthYear).format(timestamp).replace(/\s*г\.$/, '');
  return `${day}, ${clock.format(timestamp)} МСК`;
}
