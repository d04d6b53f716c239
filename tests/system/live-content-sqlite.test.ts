/** The live content on SQLite with one instance: tests/system/support/live-content-suite.ts says what it proves. */
import { liveContentSuite, sqliteSetup } from './support/live-content-suite';

liveContentSuite(sqliteSetup);
