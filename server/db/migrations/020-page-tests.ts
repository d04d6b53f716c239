import { sql } from 'kysely';
import type { PastSchema } from './past-schema';

/**
 * Tests of course pages and campaign landings («Тесты страниц»):
 * - `page_tests`: one row a test: the page's address, its state (`draft`, `running`, `stopped`, `kept`),
 *   a version raised by every edit (the serving caches key on it), who made, started and stopped it,
 *   and the variant kept; at most one running test a page (a partial unique index, so two instances
 *   starting at once cannot both win);
 * - `page_test_variants`: A (the original: no changes) and up to three more, each changing any of the
 *   headline, the line under it, the button's label and the tariff the price block leads with;
 * - `page_test_visitors`: one row a visitor who was served a variant (the key makes it once);
 * - `page_test_leads`: one row a visitor whose lead counted for their variant, with the lead's id (its
 *   deal, found by the lead, brings the money).
 * Visitors are a keyed hash of the signed first-party id, never the id itself.
 */
export const pageTestsMigration = {
  async up(db: PastSchema) {
    await db.schema
      .createTable('page_tests')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('page_path', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('planned_visitors', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('started_at', 'bigint')
      .addColumn('started_by', 'text')
      .addColumn('stopped_at', 'bigint')
      .addColumn('stopped_by', 'text')
      .addColumn('winner', 'integer')
      .execute();
    await db.schema.createIndex('page_tests_one_running').unique().on('page_tests').column('page_path').where(sql.ref('status'), '=', 'running').execute();
    await db.schema
      .createTable('page_test_variants')
      .addColumn('test_id', 'text', (c) => c.notNull().references('page_tests.id').onDelete('cascade'))
      .addColumn('variant', 'integer', (c) => c.notNull())
      .addColumn('headline', 'text')
      .addColumn('subheadline', 'text')
      .addColumn('button_label', 'text')
      /** The tariff's name the price block leads with; null: the page's own order. */
      .addColumn('lead_tariff', 'text')
      .addPrimaryKeyConstraint('page_test_variants_key', ['test_id', 'variant'])
      .execute();
    await db.schema
      .createTable('page_test_visitors')
      .addColumn('test_id', 'text', (c) => c.notNull().references('page_tests.id').onDelete('cascade'))
      .addColumn('visitor', 'text', (c) => c.notNull())
      .addColumn('variant', 'integer', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('page_test_visitors_key', ['test_id', 'visitor'])
      .execute();
    await db.schema
      .createTable('page_test_leads')
      .addColumn('test_id', 'text', (c) => c.notNull().references('page_tests.id').onDelete('cascade'))
      .addColumn('visitor', 'text', (c) => c.notNull())
      .addColumn('variant', 'integer', (c) => c.notNull())
      .addColumn('lead_id', 'integer', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('page_test_leads_key', ['test_id', 'visitor'])
      .execute();
    await db.schema.createIndex('page_test_leads_by_lead').on('page_test_leads').column('lead_id').execute();
  },
};
