import { moscowToday } from '@/lib/calendar';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The period of the pop-ups page: the given Moscow days, by default the last 14 (today included). */
export function popupPeriod(params: { from?: string; to?: string }, now = Date.now()): { from: string; to: string } {
  const to = params.to && DAY.test(params.to) ? params.to : moscowToday(new Date(now));
  const from = params.from && DAY.test(params.from) ? params.from : moscowToday(new Date(Date.parse(`${to}T12:00:00+03:00`) - 13 * 86_400_000));
  return from <= to ? { from, to } : { from: to, to: from };
}
