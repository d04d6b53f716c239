/** `price_versions`: every saved version of a course's prices («Цены»), scheduled ones and cancelled ones too. */
import type { Kysely, Selectable } from 'kysely';
import type { LiveTariffPrice } from '@/content/live/state';
import { inCallersTransaction, type DatabaseHandle } from '../db/connection';
import type { Database, PriceVersionsTable } from '../db/schema';

export interface PriceVersion {
  id: number;
  courseSlug: string;
  /** Every tariff's figures, in the course's order of tariffs. */
  tariffs: LiveTariffPrice[];
  /** From when it is in effect (ms): its save's time, or the time it was scheduled for. */
  effectiveFrom: number;
  createdAt: number;
  /** Who saved it (the operator's e-mail). */
  operator: string;
  /** When it was cancelled before its time came; null for every other version. */
  cancelledAt: number | null;
}

export type NewPriceVersion = Pick<PriceVersion, 'courseSlug' | 'tariffs' | 'effectiveFrom' | 'operator'>;

export interface PriceVersionsRepository {
  add(version: NewPriceVersion, now: number, trx?: Kysely<Database>): Promise<PriceVersion>;
  /** A course's versions (every course's without a slug), the newest save first; cancelled ones included. */
  list(courseSlug?: string): Promise<PriceVersion[]>;
  /** Versions not cancelled, of every course: what the site's prices are computed from (server/live-content/prices.ts). */
  standing(): Promise<PriceVersion[]>;
  find(id: number): Promise<PriceVersion | null>;
  /** Cancels a version whose time has not come yet; null when there is none such (in effect already, cancelled, unknown). */
  cancel(id: number, now: number, trx?: Kysely<Database>): Promise<PriceVersion | null>;
  /** Moves a version whose time has not come yet to `at` («Публикации» → «Перенести»); null when there is none such. */
  reschedule(id: number, at: number, now: number, trx?: Kysely<Database>): Promise<PriceVersion | null>;
}

export function createPriceVersionsRepository(handle: DatabaseHandle): PriceVersionsRepository {
  const { db } = handle;
  /** A version still ahead of `now` and not cancelled, changed; null when there is none such. */
  function changePending(id: number, now: number, trx: Kysely<Database> | undefined, set: { cancelled_at: number } | { effective_from: number }) {
    return inCallersTransaction(handle, trx, async (tx) => {
      const row = await tx
        .updateTable('price_versions')
        .set(set)
        .where('id', '=', id)
        .where('cancelled_at', 'is', null)
        .where('effective_from', '>', now)
        .returningAll()
        .executeTakeFirst();
      return row ? fromRow(row) : null;
    });
  }
  const newestFirst = db.selectFrom('price_versions').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc');
  return {
    async add(version, now, trx) {
      return inCallersTransaction(handle, trx, async (tx) => {
        const row = await tx
          .insertInto('price_versions')
          .values({
            course_slug: version.courseSlug,
            tariffs: JSON.stringify(version.tariffs),
            effective_from: version.effectiveFrom,
            created_at: now,
            operator: version.operator,
            cancelled_at: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return fromRow(row);
      });
    },

    async list(courseSlug) {
      const rows = await newestFirst.$if(courseSlug !== undefined, (query) => query.where('course_slug', '=', courseSlug!)).execute();
      return rows.map(fromRow);
    },

    async standing() {
      return (await newestFirst.where('cancelled_at', 'is', null).execute()).map(fromRow);
    },

    async find(id) {
      const row = await db.selectFrom('price_versions').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? fromRow(row) : null;
    },

    cancel: (id, now, trx) => changePending(id, now, trx, { cancelled_at: now }),
    reschedule: (id, at, now, trx) => changePending(id, now, trx, { effective_from: at }),
  };
}

function fromRow(row: Selectable<PriceVersionsTable>): PriceVersion {
  return {
    id: Number(row.id),
    courseSlug: row.course_slug,
    tariffs: JSON.parse(row.tariffs) as LiveTariffPrice[],
    effectiveFrom: Number(row.effective_from),
    createdAt: Number(row.created_at),
    operator: row.operator,
    cancelledAt: row.cancelled_at === null ? null : Number(row.cancelled_at),
  };
}
