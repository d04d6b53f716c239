/**
 * `traffic_address_counters` and `traffic_daily_totals` (migration 015): how much each client address
 * adds to the figures a day (server/traffic/caps.ts decides with it), and what was not counted.
 */
import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/connection';

/**
 * Whose figures an event would move: a pop-up's, a split test's, a page type's field vitals, or a course
 * page's views (whose counted total is the only count of them: the autopilot's figures of the page).
 */
export type TrafficKind = 'popup' | 'test' | 'vitals' | 'page';

/** A day's events of one pop-up, test or page type: those counted and those accepted but not counted. */
export interface TrafficDayTotals {
  day: string;
  subject: string;
  counted: number;
  uncounted: number;
}

export interface TrafficRepository {
  /**
   * Counts one more event of `address` (a keyed hash) in `scope` on `day` when the address's counted
   * events there stay within `limit`: true when counted. One atomic upsert (an update only while under
   * the limit), so instances sharing the database count into the same row and never past the limit.
   */
  countWithin(day: string, scope: string, address: string, limit: number): Promise<boolean>;
  /** The address's counted events in `scope` on `day` so far. */
  hits(day: string, scope: string, address: string): Promise<number>;
  /** Adds to the day's totals of a pop-up, a test or a page type. */
  tally(day: string, kind: TrafficKind, subject: string, events: { counted: number; uncounted: number }): Promise<void>;
  /** A kind's totals from `fromDay` to `toDay` (both included), of one subject when given; newest day first. */
  totals(kind: TrafficKind, fromDay: string, toDay: string, subject?: string): Promise<TrafficDayTotals[]>;
  /** Deletes the address counters of the days before `day` (the retention job); how many went. */
  deleteCountersBefore(day: string): Promise<number>;
}

export function createTrafficRepository(handle: DatabaseHandle): TrafficRepository {
  const { db } = handle;
  return {
    async countWithin(day, scope, address, limit) {
      if (limit < 1) return false;
      const row = await db
        .insertInto('traffic_address_counters')
        .values({ day, scope, address, hits: 1 })
        .onConflict((conflict) =>
          conflict
            .columns(['day', 'scope', 'address'])
            .doUpdateSet({ hits: sql<number>`traffic_address_counters.hits + 1` })
            .where('traffic_address_counters.hits', '<', limit),
        )
        .returning('hits')
        .executeTakeFirst();
      return row !== undefined;
    },

    async hits(day, scope, address) {
      const row = await db
        .selectFrom('traffic_address_counters')
        .select('hits')
        .where('day', '=', day)
        .where('scope', '=', scope)
        .where('address', '=', address)
        .executeTakeFirst();
      return row ? Number(row.hits) : 0;
    },

    async tally(day, kind, subject, { counted, uncounted }) {
      if (counted === 0 && uncounted === 0) return;
      await db
        .insertInto('traffic_daily_totals')
        .values({ day, kind, subject, counted, uncounted })
        .onConflict((conflict) =>
          conflict.columns(['day', 'kind', 'subject']).doUpdateSet({
            counted: sql<number>`traffic_daily_totals.counted + ${counted}`,
            uncounted: sql<number>`traffic_daily_totals.uncounted + ${uncounted}`,
          }),
        )
        .execute();
    },

    async totals(kind, fromDay, toDay, subject) {
      let query = db
        .selectFrom('traffic_daily_totals')
        .select(['day', 'subject', 'counted', 'uncounted'])
        .where('kind', '=', kind)
        .where('day', '>=', fromDay)
        .where('day', '<=', toDay);
      if (subject !== undefined) query = query.where('subject', '=', subject);
      const rows = await query.orderBy('day', 'desc').orderBy('subject').execute();
      return rows.map((row) => ({ day: row.day, subject: row.subject, counted: Number(row.counted), uncounted: Number(row.uncounted) }));
    },

    async deleteCountersBefore(day) {
      const result = await db.deleteFrom('traffic_address_counters').where('day', '<', day).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
