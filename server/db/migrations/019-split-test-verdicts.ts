import { sql } from 'kysely';
import type { PastSchema } from './past-schema';

/**
 * A split test that tells its verdict (the team hears of it once, where lead alerts go) and may keep its
 * winner by itself:
 * - `popup_tests.auto_keep`: 1 when the test was started with «Оставить победителя автоматически»;
 * - `popup_tests.verdict_at`: when the verdict job found the test's verdict and queued its alert, null
 *   before; set by one conditional update, so of several instances one announces it.
 */
export const splitTestVerdictsMigration = {
  async up(db: PastSchema) {
    await db.schema
      .alterTable('popup_tests')
      .addColumn('auto_keep', 'integer', (c) => c.notNull().defaultTo(sql`0`))
      .execute();
    await db.schema.alterTable('popup_tests').addColumn('verdict_at', 'bigint').execute();
  },
};
