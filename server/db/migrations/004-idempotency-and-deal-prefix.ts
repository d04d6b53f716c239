import { randomInt } from 'node:crypto';
import type { PastSchema } from './past-schema';

/**
 * One submission, one lead; one deal number, one installation.
 * - `leads` get the visitor's idempotency key (unique) and a hash of the request it came with: a
 *   repeated key is answered from the row it made instead of making a second one. The key lives in the
 *   row it belongs to, so it goes when the row goes (erasure).
 * - Every installation gets a random deal-number prefix in `settings`, so that a new database (lead ids
 *   starting again at 1) never makes a GetCourse deal number an older one has used. Deals already queued
 *   or sent keep theirs: the number is stored in their outbox row and never recomputed.
 */
export const idempotencyAndDealPrefixMigration = {
  async up(db: PastSchema) {
    await db.schema.alterTable('leads').addColumn('idempotency_key', 'text').execute();
    await db.schema.alterTable('leads').addColumn('request_hash', 'text').execute();
    // NULLs (rows from before, requests without a key) never collide in a unique index.
    await db.schema.createIndex('leads_idempotency_key').on('leads').column('idempotency_key').unique().execute();
    await db
      .insertInto('settings')
      .values({ key: DEAL_NUMBER_PREFIX_SETTING, value: String(randomDealNumberPrefix()) })
      .execute();
  },
};

export const DEAL_NUMBER_PREFIX_SETTING = 'deal_number_prefix';

/** Six digits, 100000-899999 (see server/rules/deal-number.ts for the number it makes). */
export function randomDealNumberPrefix(): number {
  return randomInt(100_000, 900_000);
}
