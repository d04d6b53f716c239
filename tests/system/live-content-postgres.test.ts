/** The live content on PostgreSQL with two instances: tests/system/support/live-content-suite.ts says what it proves. */
import { liveContentSuite, postgresSetup } from './support/live-content-suite';

const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim();
if (!testDatabaseUrl) {
  console.warn('\n[system tests] TEST_DATABASE_URL is not set: the live content on two instances over PostgreSQL is SKIPPED (SQLite alone still runs).\n');
}
liveContentSuite(postgresSetup(testDatabaseUrl));
