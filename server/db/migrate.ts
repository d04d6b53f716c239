import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { inWriteTransaction, type DatabaseHandle, type Dialect } from './connection';
import { initialMigration } from './migrations/001-initial';
import { christmasScheduleMigration } from './migrations/002-christmas-schedule';
import { personalDataMigration } from './migrations/003-personal-data';
import { idempotencyAndDealPrefixMigration } from './migrations/004-idempotency-and-deal-prefix';
import { adminConsoleMigration } from './migrations/005-admin-console';
import { giftNumberFromOffersMigration } from './migrations/006-gift-number-from-offers';
import { popupsMigration } from './migrations/007-popups';
import { dealsMigration } from './migrations/008-deals';
import { alertsMigration } from './migrations/009-alerts';
import { splitTestsMigration } from './migrations/010-split-tests';
import { vitalsMigration } from './migrations/011-vitals';
import { alertLeadIndexMigration } from './migrations/012-alert-lead-index';
import { foldedSignInAuditMigration } from './migrations/013-folded-sign-in-audit';
import { healthHeartbeatMigration } from './migrations/014-health-heartbeat';
import { trafficCapsMigration } from './migrations/015-traffic-caps';
import { operatorInvitationsMigration } from './migrations/016-operator-invitations';
import { alertJoinCodesMigration } from './migrations/017-alert-join-codes';
import { priceReferencesAndReleaseRunsMigration } from './migrations/018-price-references-and-release-runs';
import { courses } from '@/content/courses';
import { splitTestVerdictsMigration } from './migrations/019-split-test-verdicts';
import { pageTestsMigration } from './migrations/020-page-tests';
import { withheldLeadsMigration } from './migrations/021-withheld-leads';
import { refusedPaymentsMigration } from './migrations/022-refused-payments';
import { trafficNetworksMigration } from './migrations/023-traffic-networks';
import { priceVersionsMigration } from './migrations/024-price-versions';
import { consoleArticlesMigration } from './migrations/025-console-articles';
import { storedCodesMigration } from './migrations/026-stored-codes';
import { experimentsMigration } from './migrations/027-experiments';
import { autopilotMigration } from './migrations/028-autopilot';
import type { Database } from './schema';

/** All migrations, in order. Listed here (not read from a folder) so they travel inside the Next.js bundle. */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '001-initial': initialMigration(dialect),
    '002-christmas-schedule': christmasScheduleMigration,
    '003-personal-data': personalDataMigration,
    '004-idempotency-and-deal-prefix': idempotencyAndDealPrefixMigration,
    '005-admin-console': adminConsoleMigration(dialect),
    '006-gift-number-from-offers': giftNumberFromOffersMigration(dialect),
    '007-popups': popupsMigration,
    '008-deals': dealsMigration(dialect),
    '009-alerts': alertsMigration,
    '010-split-tests': splitTestsMigration,
    '011-vitals': vitalsMigration,
    '012-alert-lead-index': alertLeadIndexMigration,
    '013-folded-sign-in-audit': foldedSignInAuditMigration,
    '014-health-heartbeat': healthHeartbeatMigration,
    '015-traffic-caps': trafficCapsMigration,
    '016-operator-invitations': operatorInvitationsMigration(dialect),
    '017-alert-join-codes': alertJoinCodesMigration,
    '018-price-references-and-release-runs': priceReferencesAndReleaseRunsMigration(dialect, courses()),
    '019-split-test-verdicts': splitTestVerdictsMigration,
    '020-page-tests': pageTestsMigration,
    '021-withheld-leads': withheldLeadsMigration,
    '022-refused-payments': refusedPaymentsMigration,
    '023-traffic-networks': trafficNetworksMigration,
    '024-price-versions': priceVersionsMigration(dialect),
    '025-console-articles': consoleArticlesMigration(dialect),
    '026-stored-codes': storedCodesMigration,
    '027-experiments': experimentsMigration,
    '028-autopilot': autopilotMigration(dialect),
  };
}

/**
 * Brings the schema up to date; run at every start and safe to run again, also by several processes
 * at once. On PostgreSQL, Kysely's migrator takes an advisory lock for the whole run. Kysely takes no
 * lock on SQLite, so there the whole run is one `BEGIN IMMEDIATE` transaction: a second process waits
 * for the first to commit, then finds nothing left to do.
 */
export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  if (handle.dialect === 'sqlite') return inWriteTransaction(handle, (connection) => runMigrator(connection, 'sqlite'));
  return runMigrator(handle.db, 'postgres');
}

/**
 * Kysely's migrator over `list`, keeping its bookkeeping tables in the connection's current schema on
 * PostgreSQL: left to itself it looks for them in every schema of the database, and finds another's
 * (tests give each suite a schema of its own).
 */
export async function createMigrator(db: Kysely<Database>, dialect: Dialect, list = migrations(dialect)): Promise<Migrator> {
  const migrationTableSchema =
    dialect === 'postgres' ? ((await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db)).rows[0]?.schema ?? undefined) : undefined;
  return new Migrator({ db, provider: { getMigrations: async () => list }, migrationTableSchema });
}

async function runMigrator(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  const { error } = await (await createMigrator(db, dialect)).migrateToLatest();
  if (error) throw new Error('database migration failed', { cause: error });
}
