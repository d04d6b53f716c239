import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/connection';

export interface LeadCounts {
  key: string;
  today: number;
  week: number;
  month: number;
}

const DAY_MS = 86_400_000;
const MOSCOW_OFFSET_MS = 3 * 3_600_000;

/** Midnight in Moscow (UTC+3 all year) of the day `now` falls on. */
export function moscowMidnight(now: number): number {
  return Math.floor((now + MOSCOW_OFFSET_MS) / DAY_MS) * DAY_MS - MOSCOW_OFFSET_MS;
}

/** The three periods of the overview: today, the last 7 and the last 30 days (today included), Moscow days. */
export function periodStarts(now: number): { today: number; week: number; month: number } {
  const today = moscowMidnight(now);
  return { today, week: today - 6 * DAY_MS, month: today - 29 * DAY_MS };
}

/**
 * Leads that are not spam, counted today / 7 days / 30 days per form or per UTM source: one pass over
 * the last 30 days of the (created_at, id) index.
 */
export async function leadCounts(handle: DatabaseHandle, by: 'form' | 'utm_source', now = Date.now()): Promise<LeadCounts[]> {
  const starts = periodStarts(now);
  const key = by === 'form' ? sql<string>`form_id` : sql<string>`coalesce(utm_source, '')`;
  const rows = await handle.db
    .selectFrom('leads')
    .select([
      key.as('key'),
      sql<number | string>`sum(case when created_at >= ${starts.today} then 1 else 0 end)`.as('today'),
      sql<number | string>`sum(case when created_at >= ${starts.week} then 1 else 0 end)`.as('week'),
      sql<number | string>`count(*)`.as('month'),
    ])
    .where('created_at', '>=', starts.month)
    .where('is_spam', '=', 0)
    .groupBy(key)
    .execute();
  return rows
    .map((row) => ({ key: row.key, today: Number(row.today), week: Number(row.week), month: Number(row.month) }))
    .sort((a, b) => b.month - a.month || a.key.localeCompare(b.key));
}

export interface DailySeries {
  /** The last 30 Moscow days, oldest first, as `23.11`. */
  days: string[];
  /** Leads (not spam) per day, one series per form. */
  series: { key: string; counts: number[] }[];
}

/** Leads per Moscow day and form over the last 30 days, for the overview's chart. */
export async function leadsPerDay(handle: DatabaseHandle, now = Date.now()): Promise<DailySeries> {
  const { month } = periodStarts(now);
  const firstDay = (month + MOSCOW_OFFSET_MS) / DAY_MS;
  // Integer division on both databases (literals, not parameters, keep it integer): the Moscow day of each lead.
  const day = sql<number | string>`(created_at + ${sql.lit(MOSCOW_OFFSET_MS)}) / ${sql.lit(DAY_MS)}`;
  const rows = await handle.db
    .selectFrom('leads')
    .select([day.as('day'), 'form_id', sql<number | string>`count(*)`.as('count')])
    .where('created_at', '>=', month)
    .where('is_spam', '=', 0)
    .groupBy([day, 'form_id'])
    .execute();
  const days = Array.from({ length: 30 }, (_, index) => {
    const date = new Date((firstDay + index) * DAY_MS);
    return `${String(date.getUTCDate()).padStart(2, '0')}.${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
  });
  const series = new Map<string, number[]>();
  for (const row of rows) {
    const index = Number(row.day) - firstDay;
    if (index < 0 || index >= 30) continue;
    const counts = series.get(row.form_id) ?? Array<number>(30).fill(0);
    counts[index] = Number(row.count);
    series.set(row.form_id, counts);
  }
  return { days, series: [...series].map(([key, counts]) => ({ key, counts })).sort((a, b) => a.key.localeCompare(b.key)) };
}
