import { randomBytes } from 'node:crypto';
import type { Dialect } from '../connection';
import { autoIncrementId, createGiftScheduleWindowsTable } from './frozen-tables';
import type { PastSchema } from './past-schema';

/** Leads, id submissions, the delivery outbox, gift windows, rate-limit counters and settings. */
export function initialMigration(dialect: Dialect) {
  return {
    async up(db: PastSchema) {
      await db.schema
        .createTable('leads')
        .$call(autoIncrementId(dialect))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('form_id', 'text', (c) => c.notNull())
        .addColumn('product_name', 'text', (c) => c.notNull())
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('phone_e164', 'text')
        .addColumn('utm_source', 'text')
        .addColumn('utm_medium', 'text')
        .addColumn('utm_campaign', 'text')
        .addColumn('utm_content', 'text')
        .addColumn('utm_term', 'text')
        .addColumn('utm_id', 'text')
        .addColumn('page_path', 'text', (c) => c.notNull())
        .addColumn('variant_id', 'text')
        .addColumn('block_id', 'text')
        .addColumn('google_client_id', 'text')
        .addColumn('yandex_client_id', 'text')
        .addColumn('consent_text_version', 'text', (c) => c.notNull())
        .addColumn('client_address_hash', 'text')
        .addColumn('is_spam', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('delivery_mode', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('leads_created_at').on('leads').column('created_at').execute();

      await db.schema
        .createTable('id_submissions')
        .$call(autoIncrementId(dialect))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('google_client_id', 'text')
        .addColumn('yandex_client_id', 'text')
        .addColumn('client_address_hash', 'text')
        .addColumn('is_spam', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('outbox')
        .$call(autoIncrementId(dialect))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('lead_id', 'integer', (c) => c.references('leads.id'))
        .addColumn('id_submission_id', 'integer', (c) => c.references('id_submissions.id'))
        .addColumn('deal_number', 'text')
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
        .addColumn('locked_until', 'bigint')
        .addColumn('claim_token', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('sent_at', 'bigint')
        .execute();
      // The worker's question, "what is due?", is answered from this index.
      await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_at']).execute();
      await db.schema.createIndex('outbox_lead').on('outbox').column('lead_id').execute();

      await createGiftScheduleWindowsTable(db, dialect);
      await db.schema.createIndex('gift_schedule_windows_start').on('gift_schedule_windows').column('start_at').execute();

      await db.schema
        .createTable('rate_limit_counters')
        .addColumn('bucket', 'text', (c) => c.notNull())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('rate_limit_counters_pk', ['bucket', 'window_start'])
        .execute();

      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
      // The key of the client-address hash: random per installation, shared by all its instances.
      await db
        .insertInto('settings')
        .values({ key: 'client_address_hash_key', value: randomBytes(32).toString('hex') })
        .execute();
    },
  };
}
