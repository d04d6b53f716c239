import type { PastSchema } from './past-schema';

/**
 * From how many networks (an IPv4 /24, an IPv6 /48, as the client-address key's hash: never an address)
 * the figures the team decides by come (lib/experiments/trust.ts, features/console-speed):
 * - `popup_test_exposures.network`, `popup_test_conversions.network`: the network of each split-test
 *   visitor's counted show and lead; null for those counted before, each of whom then counts as a network
 *   of its own (as the site counted them);
 * - `vitals_networks`: one row a network that had a field-vitals report counted, per Moscow day, page type
 *   and device; kept as long as the vitals themselves (VITALS_RETENTION_DAYS).
 */
export const trafficNetworksMigration = {
  async up(db: PastSchema) {
    for (const table of ['popup_test_exposures', 'popup_test_conversions']) await db.schema.alterTable(table).addColumn('network', 'text').execute();
    await db.schema
      .createTable('vitals_networks')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('page_type', 'text', (c) => c.notNull())
      .addColumn('device', 'text', (c) => c.notNull())
      .addColumn('network', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('vitals_networks_key', ['day', 'page_type', 'device', 'network'])
      .execute();
  },
};
