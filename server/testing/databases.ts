/**
 * Runs a suite against every database back end: SQLite always, PostgreSQL when TEST_DATABASE_URL is
 * set. Each suite gets a fresh database of its own: a temporary SQLite file, or a new PostgreSQL schema
 * in its worker's database (other runs may use the same server at the same time), dropped afterwards.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe } from 'vitest';
import type { DatabaseConfig } from '../config';
import { inWriteTransaction, openDatabase, type DatabaseHandle } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { createRepositories, type Repositories } from '../repositories';
import { testScratchRoot } from './scratch';

export const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;

export interface TestDatabase {
  dialect: 'sqlite' | 'postgres';
  /** Opens one more connection (pool) to the same database, as a second process would. */
  config: DatabaseConfig;
  handle: DatabaseHandle;
  repos: Repositories;
  /** Empties every table but the migrator's and `settings` (the gift schedule too); only on a migrated database. */
  clear(): Promise<void>;
}

let skipNoticePrinted = false;
function printSkipNotice() {
  if (testDatabaseUrl || skipNoticePrinted) return;
  skipNoticePrinted = true;
  console.warn(
    '\n[server tests] TEST_DATABASE_URL is not set: the PostgreSQL variants are SKIPPED, only SQLite runs.\n' +
      '               Set it (e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test) to run both.\n',
  );
}

/** `describe` the suite once per back end; `database()` is the suite's database inside tests and hooks. */
export function describeEachDatabase(title: string, suite: (database: () => TestDatabase) => void, options: { migrate?: boolean } = {}) {
  const migrate = options.migrate ?? true;
  printSkipNotice();
  for (const dialect of ['sqlite', 'postgres'] as const) {
    const skip = dialect === 'postgres' && !testDatabaseUrl;
    describe.skipIf(skip)(`${title} [${dialect}${skip ? ': skipped, TEST_DATABASE_URL is not set' : ''}]`, () => {
      let current: TestDatabase | undefined;
      let dispose: (() => Promise<void>) | undefined;
      beforeAll(async () => {
        const created = dialect === 'sqlite' ? await createSqliteDatabase(migrate) : await createPostgresDatabase(testDatabaseUrl!, migrate);
        current = created.database;
        dispose = created.dispose;
      });
      afterAll(async () => {
        await dispose?.();
      });
      suite(() => {
        if (!current) throw new Error('the test database is not open yet');
        return current;
      });
    });
  }
}

async function open(config: DatabaseConfig, migrate: boolean): Promise<{ handle: DatabaseHandle; repos: Repositories }> {
  const handle = await openDatabase(config);
  if (migrate) await migrateToLatest(handle);
  return { handle, repos: createRepositories(handle) };
}

/**
 * Tables a test's `clear()` keeps: the migrator's own, and `settings` (the deal-number prefix migration
 * 004 chose for the database stays, as it does in production). Every other table is emptied.
 */
const KEPT_BY_CLEAR = ['kysely_migration', 'kysely_migration_lock', 'settings'];

/**
 * Every table of the test's database (its PostgreSQL schema), read from the database's own catalogue: a
 * table a new migration adds is cleared and dropped with the others, with no list to remember.
 */
export async function tablesOf(handle: DatabaseHandle): Promise<string[]> {
  const { rows } =
    handle.dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(handle.db)
      : await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(handle.db);
  return rows.map((row) => row.name).sort();
}

function clearTables(handle: DatabaseHandle) {
  return async () => {
    const tables = (await tablesOf(handle)).filter((table) => !KEPT_BY_CLEAR.includes(table));
    if (handle.dialect === 'postgres') {
      // One statement for all, whose foreign keys are checked at its end, when every table is empty (an
      // outbox row and its lead go together). Deleted, not truncated: truncating makes every table's
      // files anew, most of a second for the lot on a busy disk, where a test's few rows go in milliseconds.
      const deletions = tables.map((table, index) => sql`${sql.id(`cleared_${index}`)} as (delete from ${sql.id(table)})`);
      await sql`with ${sql.join(deletions)} select 1`.execute(handle.db);
      return;
    }
    // One transaction whose foreign keys are checked at its end, when every table is empty.
    await inWriteTransaction(handle, async (trx) => {
      await sql`pragma defer_foreign_keys = on`.execute(trx);
      for (const table of tables) await sql`delete from ${sql.id(table)}`.execute(trx);
    });
  };
}

/** Drops every table of the test's database, the migrator's too, as before the first migration. */
export async function dropEveryTable(handle: DatabaseHandle): Promise<void> {
  const tables = await tablesOf(handle);
  await inWriteTransaction(handle, async (trx) => {
    if (handle.dialect === 'sqlite') await sql`pragma defer_foreign_keys = on`.execute(trx);
    for (const table of tables) await sql`drop table ${sql.id(table)}${sql.raw(handle.dialect === 'postgres' ? ' cascade' : '')}`.execute(trx);
  });
}

export async function createSqliteDatabase(migrate = true): Promise<{ database: TestDatabase; dispose: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(testScratchRoot(), 'school-site-test-'));
  const config: DatabaseConfig = { dialect: 'sqlite', file: path.join(dir, 'test.db') };
  const { handle, repos } = await open(config, migrate);
  return {
    database: { dialect: 'sqlite', config, handle, repos, clear: clearTables(handle) },
    dispose: async () => {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

let workerDatabase: Promise<string> | undefined;

/**
 * The database this test process's schemas go in: with test files running side by side, each Vitest
 * worker has one of its own beside the one TEST_DATABASE_URL names (created once, kept). A migration
 * reads the catalogue of its whole database, and fails when another worker drops a schema meanwhile.
 */
function databaseOfThisWorker(url: string): Promise<string> {
  const worker = process.env.VITEST_POOL_ID;
  if (!worker) return Promise.resolve(url);
  workerDatabase ??= (async () => {
    const parsed = new URL(url);
    const name = `${decodeURIComponent(parsed.pathname.slice(1))}_worker_${worker}`;
    const server = await openDatabase({ dialect: 'postgres', url });
    try {
      await sql`create database ${sql.id(name)}`.execute(server.db);
    } catch (error) {
      // Made by an earlier run, or by another run creating it at this very moment.
      if (!['42P04', '23505'].includes((error as { code?: string }).code ?? '')) throw error;
    } finally {
      await server.close();
    }
    parsed.pathname = `/${encodeURIComponent(name)}`;
    return parsed.toString();
  })();
  return workerDatabase;
}

/** A new schema in this worker's test database; the connection's search_path points at it. */
export async function createPostgresDatabase(testUrl: string, migrate = true): Promise<{ database: TestDatabase; dispose: () => Promise<void> }> {
  const url = await databaseOfThisWorker(testUrl);
  const schema = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = await openDatabase({ dialect: 'postgres', url });
  await sql`create schema ${sql.id(schema)}`.execute(admin.db);
  const config: DatabaseConfig = { dialect: 'postgres', url: withSearchPath(url, schema) };
  const { handle, repos } = await open(config, migrate);
  return {
    database: { dialect: 'postgres', config, handle, repos, clear: clearTables(handle) },
    dispose: async () => {
      await handle.close();
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin.db);
      await admin.close();
    },
  };
}

/**
 * The same database URL with every connection's search_path set to `schema`, and its commits not waiting
 * for the server's WAL flush (synchronous_commit=off, this session only): a commit is visible to every
 * other connection at once either way, only a crash of the test server could lose the last ones. On a
 * shared, busy disk the flush is most of a write-heavy test's time.
 */
export function withSearchPath(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema} -c synchronous_commit=off`);
  return parsed.toString();
}
