/** `popup_daily_counts`: how often each pop-up was shown, closed and finished, per Moscow day and page. */
import { sql } from 'kysely';
import { moscowToday } from '@/lib/calendar';
import type { DatabaseHandle } from '../db/connection';

export const popupEvents = ['shown', 'closed', 'finished'] as const;
export type PopupEvent = (typeof popupEvents)[number];

export interface PopupEventReport {
  popup: string;
  event: PopupEvent;
  path: string;
}

export interface PopupDayFigures {
  day: string;
  popup: string;
  shown: number;
  closed: number;
  finished: number;
}

export interface PopupStatsRepository {
  /** Adds a beacon's events to the day's counts. */
  record(reports: readonly PopupEventReport[], now: number): Promise<void>;
  /** Counts per pop-up per day (pages summed) from `fromDay` to `toDay`, both included; newest day first. */
  perDay(fromDay: string, toDay: string): Promise<PopupDayFigures[]>;
}

export function createPopupStatsRepository(handle: DatabaseHandle): PopupStatsRepository {
  const { db } = handle;
  return {
    async record(reports, now) {
      // One atomic upsert a pop-up and page, so instances add up.
      const day = moscowToday(new Date(now));
      const totals = new Map<string, { popup_id: string; path: string; shown: number; closed: number; finished: number }>();
      for (const report of reports) {
        const key = `${report.popup}\n${report.path}`;
        const row = totals.get(key) ?? { popup_id: report.popup, path: report.path, shown: 0, closed: 0, finished: 0 };
        row[report.event] += 1;
        totals.set(key, row);
      }
      for (const row of totals.values()) {
        await db
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
    },

    async perDay(fromDay, toDay) {
      const rows = await db
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
    },
  };
}
