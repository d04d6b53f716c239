import type { Dialect } from '../connection';
import type { PastSchema } from './past-schema';

/**
 * Issue 30: field Core Web Vitals, kept 90 days (the retention job deletes older days).
 * - `vitals_histogram`: how many page views measured a metric in each log-spaced bucket
 *   (lib/vitals/histogram.ts), per Moscow day, page type (route pattern), device class and whether a
 *   pop-up showed; any percentile of any period comes from summing rows.
 * - `vitals_attribution`: how often an element was the LCP element or an interaction's target (INP, with
 *   its longest phase), per day, page type, device and metric, for the console's "what makes it slow".
 * - `vitals_context`: the reports per day, page type and device by connection and navigation type.
 * No row names a visitor: reports carry no identifier.
 */
export function vitalsMigration(dialect: Dialect) {
  void dialect;
  return {
    async up(db: PastSchema) {
      await db.schema
        .createTable('vitals_histogram')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('page_type', 'text', (c) => c.notNull())
        .addColumn('device', 'text', (c) => c.notNull())
        .addColumn('metric', 'text', (c) => c.notNull())
        .addColumn('popup', 'integer', (c) => c.notNull())
        .addColumn('bucket', 'integer', (c) => c.notNull())
        .addColumn('count', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('vitals_histogram_key', ['day', 'page_type', 'device', 'metric', 'popup', 'bucket'])
        .execute();
      await db.schema
        .createTable('vitals_attribution')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('page_type', 'text', (c) => c.notNull())
        .addColumn('device', 'text', (c) => c.notNull())
        .addColumn('metric', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull())
        /** INP's longest phase; '' for the other metrics. */
        .addColumn('phase', 'text', (c) => c.notNull())
        .addColumn('count', 'bigint', (c) => c.notNull())
        /** The sum of the values it was attributed (ms), for the average beside the count. */
        .addColumn('total', 'double precision', (c) => c.notNull())
        .addPrimaryKeyConstraint('vitals_attribution_key', ['day', 'page_type', 'device', 'metric', 'target', 'phase'])
        .execute();
      await db.schema
        .createTable('vitals_context')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('page_type', 'text', (c) => c.notNull())
        .addColumn('device', 'text', (c) => c.notNull())
        .addColumn('connection', 'text', (c) => c.notNull())
        .addColumn('navigation', 'text', (c) => c.notNull())
        .addColumn('reports', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('vitals_context_key', ['day', 'page_type', 'device', 'connection', 'navigation'])
        .execute();
    },
  };
}
