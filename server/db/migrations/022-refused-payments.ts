import type { PastSchema } from './past-schema';

/**
 * `deal_refused_payments`: reports GetCourse sent (a callback or the reconciliation's export) whose money
 * cannot be right for the deal (server/rules/payment-plausibility.ts), kept apart so the console lists them with
 * the reason; never applied to `deals`. One row a deal number: its latest refused report, how often and
 * since when. It holds what `deals` holds of a deal (its number, its lead's id, status and amounts) and no
 * personal data; `lead_id` is null for a number the site never sent.
 */
export const refusedPaymentsMigration = {
  async up(db: PastSchema) {
    await db.schema
      .createTable('deal_refused_payments')
      .addColumn('deal_number', 'text', (c) => c.primaryKey())
      .addColumn('lead_id', 'integer')
      /** `paid_above_cost`, `paid_above_tariffs` or `cost_above_tariffs`. */
      .addColumn('reason', 'text', (c) => c.notNull())
      /** What the amount was held against (kopecks): the deal's cost or the dearest tariff. */
      .addColumn('limit_kopecks', 'bigint', (c) => c.notNull())
      /** The course whose dearest tariff was the limit; null: the deal's cost, or the dearest course of the school. */
      .addColumn('course', 'text')
      .addColumn('gc_status', 'text', (c) => c.notNull())
      .addColumn('cost_kopecks', 'bigint')
      .addColumn('paid_kopecks', 'bigint')
      /** `callback` or `reconcile`. */
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('first_at', 'bigint', (c) => c.notNull())
      .addColumn('last_at', 'bigint', (c) => c.notNull())
      .addColumn('calls', 'integer', (c) => c.notNull())
      .execute();
    // The console lists the latest first.
    await db.schema.createIndex('deal_refused_payments_last_at').on('deal_refused_payments').column('last_at').execute();
  },
};
