import { sql } from 'kysely';
import type { PastSchema } from './past-schema';

/**
 * Leads held back as «Похоже на спам» (server/rules/flood-signs.ts):
 * - `leads.withheld_signs`: the signs that held the lead, comma-separated; null when it is not held (never
 *   was, or an operator released it). Its deliveries and alerts wait in the outbox with the status
 *   `withheld`, which no worker claims, until it is released (then `pending`) or deleted.
 * - a partial index of the held leads: the console counts and lists them without reading every lead.
 */
export const withheldLeadsMigration = {
  async up(db: PastSchema) {
    await db.schema.alterTable('leads').addColumn('withheld_signs', 'text').execute();
    await db.schema.createIndex('leads_withheld').on('leads').column('id').where(sql.ref('withheld_signs'), 'is not', null).execute();
  },
};
