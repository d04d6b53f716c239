import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/connection';

export const popupEvents = ['shown', 'closed', 'finished'] as const;
export type PopupEvent = (typeof popupEvents)[number];

export interface PopupEventReport {
  popup: string;
  event: PopupEvent;
  path: string;
}

/** At most this many events a beacon; a page shows one pop-up, so a real batch holds two or three. */
export const MAX_EVENTS_PER_BATCH = 20;

/**
 * A beacon's body: `{ "events": [{ "popup", "event", "path" }] }`. Only known pop-ups, the three events
 * and a bare path (no query: it could carry personal data) are kept; null when nothing is usable.
 */
export function parsePopupBatch(text: string, knownPopups: ReadonlySet<string>): PopupEventReport[] | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  const events = (body as { events?: unknown })?.events;
  if (!Array.isArray(events) || events.length === 0 || events.length > MAX_EVENTS_PER_BATCH) return null;
  const reports: PopupEventReport[] = [];
  for (const item of events as Record<string, unknown>[]) {
    const { popup, event, path } = item ?? {};
    if (typeof popup !== 'string' || !knownPopups.has(popup)) continue;
    if (!popupEvents.includes(event as PopupEvent)) continue;
    if (typeof path !== 'string' || !/^\/[\w\-./~%]{0,199}$/.test(path)) continue;
    reports.push({ popup, event: event as PopupEvent, path });
  }
  return reports.length > 0 ? reports : null;
}

/** `2026-11-23`: the Moscow day of `timestamp`. */
export function moscowDay(timestamp: number): string {
  return new Date(timestamp + 3 * 3_600_000).toISOString().slice(0, 10);
}

/** Adds the batch to the day's counts: one atomic upsert a pop-up and page, so instances add up. */
export async function recordPopupEvents(handle: DatabaseHandle, reports: readonly PopupEventReport[], now = Date.now()): Promise<void> {
  const day = moscowDay(now);
  const totals = new Map<string, { popup_id: string; path: string; shown: number; closed: number; finished: number }>();
  for (const report of reports) {
    const key = `${report.popup}\n${report.path}`;
    const row = totals.get(key) ?? { popup_id: report.popup, path: report.path, shown: 0, closed: 0, finished: 0 };
    row[report.event] += 1;
    totals.set(key, row);
  }
  for (const row of totals.values()) {
    await handle.db
      .insertInto('popup_daily_counts')
      .values({ day, ...row })
      .onConflict((conflict) =>
        conflict.columns(['day', 'popup_id', 'path']).doUpdateSet({
          shown: sql<number>`popup_daily_counts.shown + ${row.shown}`,
          closed: sql<number>`popup_daily_counts.closed + ${row.closed}`,
          finished: sql<number>`popup_daily_counts.finished + ${row.finished}`,
        }),
      )
      .execute();
  }
}

export interface PopupDayFigures {
  day: string;
  popup: string;
  shown: number;
  closed: number;
  finished: number;
}

/** Counts per pop-up per day (pages summed) from `fromDay` to `toDay`, both included; newest day first. */
export async function popupConversion(handle: DatabaseHandle, fromDay: string, toDay: string): Promise<PopupDayFigures[]> {
  const rows = await handle.db
    .selectFrom('popup_daily_counts')
    .select([
      'day',
      'popup_id',
      (eb) => eb.fn.sum<number | string>('shown').as('shown'),
      (eb) => eb.fn.sum<number | string>('closed').as('closed'),
      (eb) => eb.fn.sum<number | string>('finished').as('finished'),
    ])
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .groupBy(['day', 'popup_id'])
    .orderBy('day', 'desc')
    .orderBy('popup_id')
    .execute();
  return rows.map((row) => ({ day: row.day, popup: row.popup_id, shown: Number(row.shown), closed: Number(row.closed), finished: Number(row.finished) }));
}

/** finished / shown, as `12,5 %`; a dash before anything was shown. */
export function conversionRate(figures: Pick<PopupDayFigures, 'shown' | 'finished'>): string {
  if (figures.shown === 0) return '—';
  return `${(Math.round((figures.finished / figures.shown) * 1000) / 10).toLocaleString('ru-RU')} %`;
}

/** Conversion in percent per pop-up for each day of the period (oldest first), for the chart. */
export function conversionSeries(rows: readonly PopupDayFigures[], fromDay: string, toDay: string): { days: string[]; series: { key: string; values: number[] }[] } {
  const days: string[] = [];
  for (let day = fromDay; day <= toDay && days.length < 366; day = moscowDay(Date.parse(`${day}T12:00:00+03:00`) + 86_400_000)) days.push(day);
  const popupsSeen = [...new Set(rows.map((row) => row.popup))].sort();
  const series = popupsSeen.map((popup) => ({
    key: popup,
    values: days.map((day) => {
      const row = rows.find((candidate) => candidate.day === day && candidate.popup === popup);
      return row && row.shown > 0 ? Math.round((row.finished / row.shown) * 1000) / 10 : 0;
    }),
  }));
  return { days, series };
}
