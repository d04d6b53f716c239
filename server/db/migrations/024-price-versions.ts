import type { Dialect } from '../connection';
import { autoIncrementId } from './frozen-tables';
import type { PastSchema } from './past-schema';

/**
 * `price_versions`: one row a saved version of a course's prices («Цены» in the console): the course's
 * slug, every tariff's figures in the course's order (JSON, content/live/state.ts `LiveTariffPrice[]`),
 * from when it is in effect (the save's time, or the «Действует с» time chosen), when and by whom it was
 * saved, and when a scheduled one was cancelled. The version in effect is the newest not cancelled whose
 * time has come; with none, the course's file prices are.
 */
export function priceVersionsMigration(dialect: Dialect) {
  return {
    async up(db: PastSchema) {
      await db.schema
        .createTable('price_versions')
        .$call(autoIncrementId(dialect))
        .addColumn('course_slug', 'text', (c) => c.notNull())
        .addColumn('tariffs', 'text', (c) => c.notNull())
        .addColumn('effective_from', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('operator', 'text', (c) => c.notNull())
        .addColumn('cancelled_at', 'bigint')
        .execute();
      await db.schema.createIndex('price_versions_course').on('price_versions').columns(['course_slug', 'effective_from']).execute();
    },
  };
}
