import type { CreateTableBuilder } from 'kysely';
import type { PastSchema } from './past-schema';

/**
 * Field Core Web Vitals, kept 90 days (the retention job deletes older days).
 * - `vitals_histogram`: how many page views measured a metric in each log-spaced bucket
 *   (lib/vitals/histogram.ts), per Moscow day, page type (route pattern), device class and whether a
 *   pop-up showed; any percentile of any period comes from summing rows.
 * - `vitals_attribution`: how often an element was the LCP element or an interaction's target (INP, with
 *   its longest phase), per day, page type, device and metric, for the console's "what makes it slow".
 * - `vitals_context`: the reports per day, page type and device by connection and navigation type.
 * No row names a visitor: reports carry no identifier.
 */
/** The column types the vitals tables use. */
type ColumnType = 'text' | 'integer' | 'bigint' | 'double precision';

export const vitalsMigration = {
  async up(db: PastSchema) {
    /**
     * Each vitals table is a count keyed by the Moscow day, the page type, the device class and its own
     * `key` columns (all of them the primary key), with the counted `values` after them; no column is null.
     */
    const createCountsTable = async (name: string, key: Record<string, ColumnType>, values: Record<string, ColumnType>) => {
      const columns: Record<string, ColumnType> = { day: 'text', page_type: 'text', device: 'text', ...key, ...values };
      let table: CreateTableBuilder<string, string> = db.schema.createTable(name);
      for (const [column, type] of Object.entries(columns)) table = table.addColumn(column, type, (c) => c.notNull());
      await table.addPrimaryKeyConstraint(`${name}_key`, ['day', 'page_type', 'device', ...Object.keys(key)]).execute();
    };
    await createCountsTable('vitals_histogram', { metric: 'text', popup: 'integer', bucket: 'integer' }, { count: 'bigint' });
    await createCountsTable(
      'vitals_attribution',
      // phase: INP's longest phase, '' for the other metrics.
      { metric: 'text', target: 'text', phase: 'text' },
      // total: the sum of the values it was attributed (ms), for the average beside the count.
      { count: 'bigint', total: 'double precision' },
    );
    await createCountsTable('vitals_context', { connection: 'text', navigation: 'text' }, { reports: 'bigint' });
  },
};
