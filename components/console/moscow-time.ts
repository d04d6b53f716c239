/** `23.11.2026, 12:34`, Moscow time, however the server's clock is set: a moment as the console shows it. */
export function moscowTime(timestamp: number): string {
  return new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', dateStyle: 'short', timeStyle: 'short' }).format(timestamp);
}
