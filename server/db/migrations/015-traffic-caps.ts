import type { PastSchema } from './past-schema';

/**
 * What one client may add to the console's figures (server/traffic/caps.ts):
 * - `traffic_address_counters`: events per Moscow day, scope (a pop-up's event, a split test's shows or
 *   leads, a page type's vitals reports) and client address, the address as its keyed hash only (the
 *   client-address key, never the address); the retention job deletes them after two days;
 * - `traffic_daily_totals`: per day, pop-up / test / page type, the events counted and those accepted
 *   but not counted (past a cap, from an unsigned visitor id, on a page the pop-up does not target), the
 *   console's «Подозрительный трафик». No address, no visitor.
 */
export const trafficCapsMigration = {
  async up(db: PastSchema) {
    await db.schema
      .createTable('traffic_address_counters')
      /** Moscow day, `2026-11-23`. */
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('hits', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('traffic_address_counters_key', ['day', 'scope', 'address'])
      .execute();
    await db.schema
      .createTable('traffic_daily_totals')
      .addColumn('day', 'text', (c) => c.notNull())
      /** `popup`, `test` or `vitals`. */
      .addColumn('kind', 'text', (c) => c.notNull())
      /** The pop-up id, the test id or the page type. */
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('counted', 'bigint', (c) => c.notNull())
      .addColumn('uncounted', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('traffic_daily_totals_key', ['day', 'kind', 'subject'])
      .execute();
  },
};
