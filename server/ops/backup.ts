/**
 * Backup and restore of the SQLite database (`npm run backup`, `npm run restore`). PostgreSQL has its
 * own tools: these refuse and name them.
 */
import fs from 'node:fs';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import type { DatabaseConfig } from '../config';
import { writeMarker } from '../db/database-file';
import { copyInto, fileStamp } from '../db/sqlite-copy';
import { sqliteFileContents } from '../repositories/sqlite-file';

export class OpsError extends Error {}

/** What an operator runs instead for PostgreSQL (DATABASE_URL as in the site's environment). */
export function postgresCommands(file: string): string {
  return [
    "This site uses PostgreSQL (DATABASE_URL): back it up and restore it with PostgreSQL's own tools:",
    `  backup:  pg_dump --format=custom --file=${file} "$DATABASE_URL"`,
    `  restore: pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" ${file}   (with the site stopped)`,
  ].join('\n');
}

/** Tables a database of this site has once migrated; a file without them is not our backup. */
const REQUIRED_TABLES = ['leads', 'outbox', 'settings', 'kysely_migration'];

async function openSqlite(file: string, options: BetterSqlite3.Options): Promise<BetterSqlite3.Database> {
  const { default: Sqlite } = await import('better-sqlite3');
  return new Sqlite(file, options);
}

export interface BackupReport {
  file: string;
  leads: number;
  bytes: number;
}

/**
 * Copies the live database to `destination` with SQLite's online backup API. All pages go in one step,
 * which reads one snapshot: every transaction committed before it is in the copy, and the writers of
 * the running site (WAL) are not held up. The copy is written beside the destination and renamed into
 * place once checked, so a failed run never leaves a half backup under the name asked for.
 */
export async function backupDatabase(config: DatabaseConfig, destination: string): Promise<BackupReport> {
  if (config.dialect === 'postgres') throw new OpsError(postgresCommands(destination));
  const target = path.resolve(destination);
  if (target === config.file) throw new OpsError('The backup file cannot be the database itself.');
  if (fs.existsSync(target)) throw new OpsError(`${target} exists already: choose a new file name.`);
  const partial = `${target}.partial`;
  const source = await openSqlite(config.file, { fileMustExist: true, timeout: 5000 });
  try {
    await copyInto(source, partial);
  } finally {
    source.close();
  }
  let leads: number;
  try {
    leads = (await checkDatabaseFile(partial)).leads;
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
  fs.renameSync(partial, target);
  return { file: target, leads, bytes: fs.statSync(target).size };
}

/** Opens a file read-only and checks that it is a sound database of this site; returns its lead count. */
export async function checkDatabaseFile(file: string): Promise<{ leads: number }> {
  if (!fs.existsSync(file)) throw new OpsError(`${file} does not exist.`);
  let db: BetterSqlite3.Database | undefined;
  try {
    db = await openSqlite(file, { readonly: true, fileMustExist: true });
    const problems = db.pragma('integrity_check', { simple: false }) as { integrity_check: string }[];
    if (problems.length !== 1 || problems[0]?.integrity_check !== 'ok') {
      throw new OpsError(
        `${file} is damaged: ${problems
          .slice(0, 5)
          .map((row) => row.integrity_check)
          .join('; ')}`,
      );
    }
    const contents = sqliteFileContents(db);
    const missing = REQUIRED_TABLES.filter((table) => !contents.tables.has(table));
    if (missing.length > 0) throw new OpsError(`${file} is not a database of this site: no table ${missing.join(', ')}.`);
    return { leads: contents.leadCount() };
  } catch (error) {
    if (error instanceof OpsError) throw error;
    throw new OpsError(`${file} is not a readable SQLite database: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    db?.close();
  }
}

export interface RestoreReport {
  file: string;
  leads: number;
  /** Where the database that was replaced now lies (with its -wal), or null when there was none. */
  replaced: string | null;
}

const SIDE_FILES = ['-wal', '-shm', '-journal'];

/**
 * Puts a checked backup in place of the database. Only with the site and the worker stopped: the old
 * database is switched out of WAL mode first, which SQLite allows only when no other connection has it
 * open, so a running instance makes the restore refuse instead of losing the leads it writes. The old
 * file and its -wal/-shm are moved aside (never left beside the new file, whose pages they would spoil).
 */
export async function restoreDatabase(config: DatabaseConfig, backupFile: string, now = new Date()): Promise<RestoreReport> {
  if (config.dialect === 'postgres') throw new OpsError(postgresCommands(backupFile));
  const source = path.resolve(backupFile);
  const target = config.file;
  if (source === target) throw new OpsError('The backup file is the database itself.');
  const { leads } = await checkDatabaseFile(source);

  const incoming = `${target}.restoring`;
  fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  fs.copyFileSync(source, incoming);
  fs.chmodSync(incoming, 0o600);

  const current = fs.existsSync(target) ? await openSqlite(target, { fileMustExist: true, timeout: 0 }) : null;
  try {
    if (current) takeOver(current, target);
    let replaced: string | null = null;
    if (current) {
      replaced = `${target}.replaced-${fileStamp(now)}`;
      fs.renameSync(target, replaced);
    }
    for (const suffix of SIDE_FILES) {
      if (fs.existsSync(target + suffix)) fs.renameSync(target + suffix, `${replaced ?? target}${suffix}.stale`);
    }
    fs.renameSync(incoming, target);
    // The path holds the site's database now: a start that finds it gone later refuses (database-file.ts).
    writeMarker(target);
    return { file: target, leads, replaced };
  } catch (error) {
    fs.rmSync(incoming, { force: true });
    throw error;
  } finally {
    current?.close();
  }
}

/**
 * Leaving WAL mode needs the only connection to the file (it checkpoints the WAL into the file), then
 * an exclusive lock keeps anyone from starting while the files are swapped.
 */
function takeOver(db: BetterSqlite3.Database, file: string): void {
  const inUse = new OpsError(
    `${file} is open in another process (a site instance or the worker): stop them first ` + "(e.g. `systemctl stop 'site@*' worker`), then restore.",
  );
  try {
    const mode = db.pragma('journal_mode = DELETE', { simple: true });
    if (mode !== 'delete') throw inUse;
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('begin exclusive');
  } catch (error) {
    if (error instanceof OpsError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code.startsWith('SQLITE_BUSY')) throw inUse;
    // A damaged database is what a restore is often for; nobody can be using it either.
    if (code.startsWith('SQLITE_NOTADB') || code.startsWith('SQLITE_CORRUPT')) return;
    throw error;
  }
}
