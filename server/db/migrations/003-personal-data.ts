import { sql } from 'kysely';
import type { PastSchema } from './past-schema';

/**
 * Personal data and abuse resistance (keeps the least that serves the school):
 * - analytics ids travel with the deal now, so the separate id submissions (an e-mail and two ids, and
 *   their GetCourse user imports that could overwrite a profile) are gone, queued ones included;
 * - pop-up leads become deals (a deal number makes a retried delivery update, never duplicate): their
 *   form posts still waiting are turned into deals under the number their lead would have had;
 * - one spelling of a phone (E.164) per lead; `anonymized_at` marks leads whose personal fields the
 *   retention job has removed;
 * - the client-address hash key leaves the database (it comes from the environment or a key file);
 * - counters are pruned by window through an index, and a visitor is found by e-mail through one.
 */
export const personalDataMigration = {
  async up(db: PastSchema) {
    await db.deleteFrom('outbox').where('kind', '=', 'user_ids').execute();
    await db.schema.alterTable('outbox').dropColumn('id_submission_id').execute();
    await db.schema.dropTable('id_submissions').execute();

    await db
      .updateTable('outbox')
      .set({ kind: 'deal', deal_number: sql`cast(1000000000 + lead_id as text)`, payload: '{}' })
      .where('kind', '=', 'gc_form')
      .where('status', '<>', 'sent')
      .execute();

    await db
      .updateTable('leads')
      .set({ phone: sql`coalesce(phone_e164, phone)` })
      .execute();
    await db.schema.alterTable('leads').dropColumn('phone_e164').execute();
    await db.schema.alterTable('leads').addColumn('anonymized_at', 'bigint').execute();
    await db.schema
      .createIndex('leads_email')
      .on('leads')
      .expression(sql`lower(email)`)
      .execute();

    await db.schema.createIndex('rate_limit_counters_window_start').on('rate_limit_counters').column('window_start').execute();
    await db.deleteFrom('settings').where('key', '=', 'client_address_hash_key').execute();
  },
};
