import { moscowToday, periodStarts } from '@/lib/calendar';

/** The overview's three periods, as its counts table has them. */
export type CountPeriod = 'today' | 'week' | 'month';

/**
 * The «Заявки» list behind a figure of the overview: the leads (spam left out, as the overview counts them)
 * of the period, Moscow days, and of `filter` (a form, a UTM source); the list's own query string.
 */
export function leadsListHref(filter: Record<string, string>, period: CountPeriod, now: number): string {
  const from = moscowToday(new Date(periodStarts(now)[period]));
  const query = new URLSearchParams({ ...filter, from, to: moscowToday(new Date(now)), spam: 'exclude' });
  return `/admin/leads?${query.toString()}`;
}

/** The «Заявки» list of the deliveries in a state (the overview's «Доставка в GetCourse»). */
export const deliveryListHref = (state: 'waiting' | 'retrying' | 'dead') => `/admin/leads?delivery=${state}`;
