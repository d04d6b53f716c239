/**
 * `deal_status_changes`: a deal's history, one row each time a report from GetCourse moved the deal on
 * (written by deals.ts inside the report's transaction).
 */
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/connection';
import type { Database } from '../db/schema';
import type { DealStatus, GcStatus } from '../rules/deal-status';

export interface DealChange {
  at: number;
  source: 'callback' | 'reconcile';
  status: DealStatus;
  gcStatus: GcStatus;
  costKopecks: number | null;
  paidKopecks: number;
}

export interface DealStatusChangesRepository {
  /** Adds a line to the deal's history inside the caller's transaction (the report's). */
  record(dealNumber: string, change: DealChange, trx: Kysely<Database>): Promise<void>;
  /** The deal's history, oldest first. */
  forDeal(dealNumber: string): Promise<DealChange[]>;
}

export function createDealStatusChangesRepository(handle: DatabaseHandle): DealStatusChangesRepository {
  const { db } = handle;
  return {
    async record(dealNumber, change, trx) {
      await trx
        .insertInto('deal_status_changes')
        .values({
          deal_number: dealNumber,
          at: change.at,
          source: change.source,
          status: change.status,
          gc_status: change.gcStatus,
          cost_kopecks: change.costKopecks,
          paid_kopecks: change.paidKopecks,
        })
        .execute();
    },

    async forDeal(dealNumber) {
      const changes = await db.selectFrom('deal_status_changes').selectAll().where('deal_number', '=', dealNumber).orderBy('id').execute();
      return changes.map((change) => ({
        at: Number(change.at),
        source: change.source as DealChange['source'],
        status: change.status as DealStatus,
        gcStatus: change.gc_status as GcStatus,
        costKopecks: change.cost_kopecks === null ? null : Number(change.cost_kopecks),
        paidKopecks: Number(change.paid_kopecks),
      }));
    },
  };
}
