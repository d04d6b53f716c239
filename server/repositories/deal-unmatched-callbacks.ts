/**
 * `deal_unmatched_callbacks`: deal numbers GetCourse reported that the site never sent, one row a number
 * with how often and what it said last (written by deals.ts inside the report's transaction).
 */
import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/connection';
import type { Database } from '../db/schema';
import type { DealReport, GcStatus } from '../rules/deal-status';

/** A number GetCourse reported that the site never sent: what it said last, and when. */
export interface UnmatchedCallback {
  dealNumber: string;
  gcStatus: GcStatus;
  paidKopecks: number;
  firstAt: number;
  lastAt: number;
  calls: number;
}

export interface DealUnmatchedCallbacksRepository {
  /** Counts a report on a number the site never sent, inside the caller's transaction (the report's). */
  record(report: DealReport, trx: Kysely<Database>): Promise<void>;
  /** Numbers GetCourse reported that the site never sent. */
  count(): Promise<number>;
  /** The latest `limit` of them, the last reported first (one row a number: the table stays small). */
  list(limit: number): Promise<UnmatchedCallback[]>;
}

export function createDealUnmatchedCallbacksRepository(handle: DatabaseHandle): DealUnmatchedCallbacksRepository {
  const { db } = handle;
  return {
    async record(report, trx) {
      await trx
        .insertInto('deal_unmatched_callbacks')
        .values({
          deal_number: report.dealNumber,
          first_at: report.at,
          last_at: report.at,
          calls: 1,
          gc_status: report.gcStatus,
          paid_kopecks: report.paidKopecks ?? 0,
        })
        .onConflict((conflict) =>
          conflict.column('deal_number').doUpdateSet({
            last_at: report.at,
            calls: sql<number>`deal_unmatched_callbacks.calls + 1`,
            gc_status: report.gcStatus,
            paid_kopecks: report.paidKopecks ?? 0,
          }),
        )
        .execute();
    },

    async count() {
      const row = await db
        .selectFrom('deal_unmatched_callbacks')
        .select(sql<number | string>`count(*)`.as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async list(limit) {
      const rows = await db.selectFrom('deal_unmatched_callbacks').selectAll().orderBy('last_at', 'desc').orderBy('deal_number').limit(limit).execute();
      return rows.map((row) => ({
        dealNumber: row.deal_number,
        gcStatus: row.gc_status as GcStatus,
        paidKopecks: Number(row.paid_kopecks),
        firstAt: Number(row.first_at),
        lastAt: Number(row.last_at),
        calls: Number(row.calls),
      }));
    },
  };
}
