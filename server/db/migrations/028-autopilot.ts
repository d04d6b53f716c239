import type { Dialect } from '../connection';
import { autoIncrementId } from './frozen-tables';
import type { PastSchema } from './past-schema';

/**
 * The tests' autopilot («Автопилот» on «Тесты страниц»; server/autopilot/):
 * - `autopilot_settings`: one row (`id` 1): on or off, whether a test it runs keeps its winner by itself,
 *   who switched it last, and when the weekly message last went;
 * - `autopilot_patterns`: texts the team keeps for an element (a headline, a button's label…), which the
 *   autopilot drafts variants from;
 * - `autopilot_proposals`: the queue. A proposal is `proposed` (waits for «Запустить»), `approved` (a
 *   person pressed it; it starts when its place is free, in `position` order), `running` (its test's id
 *   in `test_id`), `done` (how in `end_reason`, `kept`) or `dismissed`. Nothing starts unapproved;
 * - `autopilot_retests`: questions (place, element, text) the team asked to test again although a finished
 *   test answers them («Что мы узнали»).
 * Numbered 028: 027 is the merged test engine's (wip/engine).
 */
export function autopilotMigration(dialect: Dialect) {
  return {
    async up(db: PastSchema) {
      await db.schema
        .createTable('autopilot_settings')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('keep_winner', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'text')
        .addColumn('weekly_sent_at', 'bigint')
        .execute();
      await db.schema
        .createTable('autopilot_patterns')
        .$call(autoIncrementId(dialect))
        /** `headline`, `subheadline`, `text`, `buttonLabel` or `leadTariff` (lib/experiments/autopilot.ts). */
        .addColumn('element', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('autopilot_proposals')
        .addColumn('id', 'text', (c) => c.primaryKey())
        /** `popup` or `page`. */
        .addColumn('kind', 'text', (c) => c.notNull())
        /** A pop-up's id or a page's path. */
        .addColumn('place', 'text', (c) => c.notNull())
        .addColumn('element', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        /** `pattern` or `learned`. */
        .addColumn('source', 'text', (c) => c.notNull())
        /** JSON: the figures it was proposed on (missed visitors, rate, days needed). */
        .addColumn('figures', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('approved_at', 'bigint')
        .addColumn('approved_by', 'text')
        .addColumn('started_at', 'bigint')
        .addColumn('test_id', 'text')
        .addColumn('ended_at', 'bigint')
        /** `result`, `futility`, `horizon` or `by_hand`. */
        .addColumn('end_reason', 'text')
        .addColumn('kept', 'integer')
        .execute();
      await db.schema.createIndex('autopilot_proposals_status').on('autopilot_proposals').columns(['status', 'position']).execute();
      await db.schema
        .createTable('autopilot_retests')
        .addColumn('question', 'text', (c) => c.primaryKey())
        .addColumn('asked_at', 'bigint', (c) => c.notNull())
        .addColumn('asked_by', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
