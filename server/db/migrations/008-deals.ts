import type { Dialect } from '../connection';
import { autoIncrementId } from './frozen-tables';
import type { PastSchema } from './past-schema';

/**
 * What GetCourse tells us a deal became.
 * - `deals`: one row a deal number the site sent (its lead's outbox row), with its current state (status,
 *   cost, paid amount in kopecks, when it was paid) and a copy of the lead's attribution (form, UTM,
 *   page, variant, the lead's time), so the figures per campaign survive the lead's erasure; `lead_id`
 *   has no foreign key for that reason.
 * - `deal_status_changes`: every change of a deal's state with its time and its source (callback or
 *   reconciliation): the audit trail.
 * - `deal_unmatched_callbacks`: numbers the site never sent, kept apart (counted, never retried).
 * - `deal_reconciliation`: the export reconciliation's cursor, its export in flight (resumable) and its
 *   last success and failure.
 */
export function dealsMigration(dialect: Dialect) {
  return {
    async up(db: PastSchema) {
      await db.schema
        .createTable('deals')
        .addColumn('deal_number', 'text', (c) => c.primaryKey())
        .addColumn('lead_id', 'integer')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('gc_status', 'text', (c) => c.notNull())
        .addColumn('rank', 'integer', (c) => c.notNull())
        .addColumn('cost_kopecks', 'bigint')
        .addColumn('paid_kopecks', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('paid_at', 'bigint')
        .addColumn('changed_at', 'bigint', (c) => c.notNull())
        .addColumn('lead_created_at', 'bigint', (c) => c.notNull())
        .addColumn('form_id', 'text', (c) => c.notNull())
        .addColumn('utm_source', 'text')
        .addColumn('utm_campaign', 'text')
        .addColumn('page_path', 'text', (c) => c.notNull())
        .addColumn('variant_id', 'text')
        .execute();
      // The funnel reads paid deals of the leads of a period; the leads list asks "is this lead paid?".
      await db.schema.createIndex('deals_lead_created_at').on('deals').columns(['lead_created_at', 'status']).execute();
      await db.schema.createIndex('deals_lead').on('deals').column('lead_id').execute();
      // The leads list's new filter by campaign reads pages newest first, as by form or source (005).
      await db.schema.createIndex('leads_utm_campaign_created_id').on('leads').columns(['utm_campaign', 'created_at', 'id']).execute();

      await db.schema
        .createTable('deal_status_changes')
        .$call(autoIncrementId(dialect))
        .addColumn('deal_number', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('gc_status', 'text', (c) => c.notNull())
        .addColumn('cost_kopecks', 'bigint')
        .addColumn('paid_kopecks', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('deal_status_changes_deal').on('deal_status_changes').columns(['deal_number', 'id']).execute();

      await db.schema
        .createTable('deal_unmatched_callbacks')
        .addColumn('deal_number', 'text', (c) => c.primaryKey())
        .addColumn('first_at', 'bigint', (c) => c.notNull())
        .addColumn('last_at', 'bigint', (c) => c.notNull())
        .addColumn('calls', 'integer', (c) => c.notNull())
        .addColumn('gc_status', 'text', (c) => c.notNull())
        .addColumn('paid_kopecks', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('deal_reconciliation')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('since', 'bigint')
        .addColumn('export_id', 'text')
        .addColumn('export_started_at', 'bigint')
        .addColumn('last_success_at', 'bigint')
        .addColumn('last_failure_at', 'bigint')
        .addColumn('last_error', 'text')
        .execute();
    },
  };
}
