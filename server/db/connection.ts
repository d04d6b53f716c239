import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type { DatabaseConfig } from '../config';
import { consoleLogger, errorKind } from '../log';
import { checkBeforeOpen, DatabaseFileMovedError, DatabaseFileWatch, writeMarker, type MovedFile } from './database-file';
import type { Database } from './schema';
import { rescueDatabase } from './sqlite-copy';
import { LockWaitingSqliteDialect, LOCK_WAIT_MS, SYNC_LOCK_WAIT_MS } from './sqlite-lock-wait';

export type Dialect = 'sqlite' | 'postgres';

/** An open database: the Kysely instance, which back end it talks to, and how to close it. */
export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
  /** SQLite: the first of its files no longer at its path (database-file.ts), or null; PostgreSQL: null. */
  movedFile(): MovedFile | null;
}

// int8 (bigint) columns hold epoch milliseconds, well inside Number's exact range.
const INT8_OID = 20;

/**
 * Opens SQLite (WAL, synchronous=FULL: a committed lead survives a power cut) or PostgreSQL.
 * The drivers are loaded on demand, so a PostgreSQL deployment never loads the native SQLite module.
 */
export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  if (config.dialect === 'postgres') {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({
      connectionString: config.url,
      max: 10,
      connectionTimeoutMillis: 10_000,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // An idle client losing its connection (database restart) must not crash the process.
    pool.on('error', (error) => console.error(JSON.stringify({ event: 'db.pool_error', message: error.message })));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy(), movedFile: () => null };
  }

  const { default: BetterSqlite3 } = await import('better-sqlite3');
  const { file } = config;
  // Never a new, empty database where one was: refused in plain words before SQLite could create it.
  checkBeforeOpen(file);
  createOwnerOnly(file);
  // Opening may wait for another process (switching a new file to WAL needs it alone): once, at start.
  const sqlite = new BetterSqlite3(file, { timeout: LOCK_WAIT_MS });
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  // lower() of SQLite folds ASCII letters only; the console's search folds a name in any alphabet, as PostgreSQL's lower() does.
  sqlite.function('unicode_lower', { deterministic: true }, (text: unknown) => (typeof text === 'string' ? text.toLowerCase() : text));
  // A first read opens (and makes) the -wal and -shm, so the watch knows all three files from the start.
  sqlite.pragma('schema_version');
  writeMarker(file);
  // From now on a statement waits for another process's write lock off the event loop (sqlite-lock-wait.ts).
  sqlite.pragma(`busy_timeout = ${SYNC_LOCK_WAIT_MS}`);
  const db = new Kysely<Database>({ dialect: new LockWaitingSqliteDialect({ database: sqlite }) });

  let rescuing: Promise<unknown> = Promise.resolve();
  const watch = new DatabaseFileWatch(file, {
    onMoved(moved) {
      consoleLogger.error('db.file_moved', {
        file: moved.path,
        found: moved.found,
        message:
          'The SQLite file this process has open is no longer at its path: leads (every write transaction) are refused with 503, and so is health. ' +
          'Put the file back, or stop the site and restore the copy this process writes now (db.file_rescued).',
      });
      // The copy waits for the connection (no transaction of ours half-way in it) and the stop waits for the copy.
      rescuing = db
        .connection()
        .execute(() => rescueDatabase(sqlite, file))
        .then(
          (copy) => consoleLogger.error('db.file_rescued', { file, copy, message: `With the site stopped: npm run restore -- ${copy}` }),
          (error: unknown) => consoleLogger.error('db.rescue_failed', { file, error: errorKind(error) }),
        );
    },
    onBack: () => consoleLogger.warn('db.file_back', { file }),
  });
  return {
    db,
    dialect: 'sqlite',
    close: async () => {
      await rescuing;
      await db.destroy();
    },
    movedFile: () => watch.check(),
  };
}

/** Throws DatabaseFileMovedError when the handle's database file is no longer at its path (SQLite). */
export function ensureFileInPlace(handle: DatabaseHandle): void {
  const moved = handle.movedFile();
  if (moved) throw new DatabaseFileMovedError(moved);
}

/**
 * The leads are personal data: the database file (and the folder, when we make it) is readable by its
 * owner only. Created here because better-sqlite3 would create it with the umask's usual 0644; SQLite
 * gives the -wal and -shm files the main file's mode. An existing file keeps the mode it has.
 */
function createOwnerOnly(file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // `a`: creates the file if missing, never truncates one that another process just made.
  fs.closeSync(fs.openSync(file, 'a', 0o600));
}

/**
 * Runs `work` in one write transaction. On SQLite it is `BEGIN IMMEDIATE`: the write lock is taken at
 * the start, so a transaction that reads before it writes cannot fail half-way because another
 * process wrote in between (the web server and `npm run worker` share the file).
 *
 * On SQLite the file must still be at its path (database-file.ts) just before the commit, or the work
 * is rolled back, and just after it, or the commit went into a file the next start will not open: either
 * way the caller gets DatabaseFileMovedError, so a lead is never acknowledged into a moved file.
 */
export async function inWriteTransaction<T>(handle: DatabaseHandle, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  if (handle.dialect === 'postgres') return handle.db.transaction().execute(work);
  return handle.db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    let result: T;
    try {
      result = await work(connection);
      ensureFileInPlace(handle);
      await sql`commit`.execute(connection);
    } catch (error) {
      await sql`rollback`.execute(connection).catch(() => undefined);
      throw error;
    }
    ensureFileInPlace(handle);
    return result;
  });
}

/**
 * `work` inside the caller's write transaction when one is given (its writes then commit or roll back with
 * the caller's other writes, as a lead's queue rows do with the lead), else in a write transaction of its
 * own. What a repository method opens a transaction for, it runs through this.
 */
export function inCallersTransaction<T>(handle: DatabaseHandle, trx: Kysely<Database> | undefined, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return trx ? work(trx) : inWriteTransaction(handle, work);
}
