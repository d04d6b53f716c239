import type { PastSchema } from './past-schema';

/**
 * Split tests of pop-ups:
 * - `popup_tests`: one row a test, its variants' texts as they were at the start (A first), who started
 *   and stopped it, the planned shows a variant, and the variant kept when it was decided;
 * - `popup_test_exposures`: one row a visitor who saw the pop-up in a test (the key makes it once);
 * - `popup_test_conversions`: one row a visitor of the test whose lead the server accepted (once).
 * Visitors are a keyed hash of the random first-party id, never the id itself. No foreign keys to the
 * leads: the figures outlive an erased lead.
 */
export const splitTestsMigration = {
  async up(db: PastSchema) {
    await db.schema
      .createTable('popup_tests')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('popup_id', 'text', (c) => c.notNull().references('popups.id').onDelete('cascade'))
      /** `running`, `stopped` or `decided`. */
      .addColumn('status', 'text', (c) => c.notNull())
      /** JSON list of { headline, text, buttonLabel }, A first. */
      .addColumn('variants', 'text', (c) => c.notNull())
      .addColumn('planned_shows', 'integer', (c) => c.notNull())
      .addColumn('started_at', 'bigint', (c) => c.notNull())
      .addColumn('started_by', 'text', (c) => c.notNull())
      .addColumn('stopped_at', 'bigint')
      .addColumn('stopped_by', 'text')
      /** The variant made the pop-up's only text («Оставить вариант B»). */
      .addColumn('winner', 'integer')
      .execute();
    await db.schema.createIndex('popup_tests_by_popup').on('popup_tests').columns(['popup_id', 'started_at']).execute();
    for (const table of ['popup_test_exposures', 'popup_test_conversions']) {
      await db.schema
        .createTable(table)
        .addColumn('test_id', 'text', (c) => c.notNull().references('popup_tests.id').onDelete('cascade'))
        .addColumn('visitor', 'text', (c) => c.notNull())
        .addColumn('variant', 'integer', (c) => c.notNull())
        /** Moscow day, `2026-11-23`. */
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint(`${table}_key`, ['test_id', 'visitor'])
        .execute();
    }
  },
};
