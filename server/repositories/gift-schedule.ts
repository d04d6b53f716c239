/** `gift_schedule_windows`: when each gift of the gift promotion runs (migration 002 seeded the default). */
import { sql, type Kysely } from 'kysely';
import { inCallersTransaction, type DatabaseHandle } from '../db/connection';
import type { Database } from '../db/schema';
import { sortByStart, windowProblem, type GiftWindow, type WindowProblem } from '../rules/gift-windows';

export interface StoredGiftWindow extends GiftWindow {
  id: number;
}

export interface GiftScheduleRepository {
  /** Sorted by start. */
  list(): Promise<StoredGiftWindow[]>;
  /** Validated against the other stored windows inside the same transaction (as `update`). */
  add(window: GiftWindow, now: number, trx?: Kysely<Database>): Promise<{ id: number } | { problem: WindowProblem }>;
  update(id: number, window: GiftWindow, trx?: Kysely<Database>): Promise<{ updated: boolean } | { problem: WindowProblem }>;
  remove(id: number, trx?: Kysely<Database>): Promise<boolean>;
}

export function createGiftScheduleRepository(handle: DatabaseHandle): GiftScheduleRepository {
  const { db } = handle;

  /**
   * Runs `write` only when `window` keeps the rules against the other stored windows (all but `replacing`),
   * checked inside the write transaction (the caller's `outer` when given): two people adding or moving
   * windows at once must not both pass the overlap check (PostgreSQL: a table lock; SQLite: its single writer).
   */
  function checkedWrite<T>(
    window: GiftWindow,
    replacing: number | null,
    outer: Kysely<Database> | undefined,
    write: (trx: Kysely<Database>) => Promise<T>,
  ): Promise<T | { problem: WindowProblem }> {
    return inCallersTransaction(handle, outer, async (trx) => {
      if (handle.dialect === 'postgres') await sql`lock table gift_schedule_windows in share row exclusive mode`.execute(trx);
      const others = await trx
        .selectFrom('gift_schedule_windows')
        .select(['gift_number', 'start_at', 'end_at'])
        .$if(replacing !== null, (query) => query.where('id', '<>', replacing!))
        .execute();
      const problem = windowProblem(
        window,
        others.map((row) => ({ giftNumber: row.gift_number, startTimestamp: Number(row.start_at), endTimestamp: Number(row.end_at) })),
      );
      return problem ? { problem } : write(trx);
    });
  }

  return {
    async list() {
      const rows = await db.selectFrom('gift_schedule_windows').selectAll().orderBy('start_at').orderBy('id').execute();
      return sortByStart(
        rows.map((row) => ({ id: row.id, giftNumber: row.gift_number, startTimestamp: Number(row.start_at), endTimestamp: Number(row.end_at) })),
      );
    },

    add: (window, now, outer) =>
      checkedWrite(window, null, outer, async (trx) => {
        const { id } = await trx
          .insertInto('gift_schedule_windows')
          .values({ gift_number: window.giftNumber, start_at: window.startTimestamp, end_at: window.endTimestamp, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { id };
      }),

    update: (id, window, outer) =>
      checkedWrite(window, id, outer, async (trx) => {
        const result = await trx
          .updateTable('gift_schedule_windows')
          .set({ gift_number: window.giftNumber, start_at: window.startTimestamp, end_at: window.endTimestamp })
          .where('id', '=', id)
          .executeTakeFirst();
        return { updated: Number(result.numUpdatedRows) === 1 };
      }),

    async remove(id, trx = db) {
      const result = await trx.deleteFrom('gift_schedule_windows').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
  };
}
