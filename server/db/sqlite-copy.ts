/**
 * SQLite's online copy of the live database into a new file: what a backup (server/ops/backup.ts) and a
 * running site's rescue of its moved file (connection.ts) both make.
 */
import fs from 'node:fs';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * SQLite's online backup of `source` into a new file `partial`, all pages in one step (one snapshot).
 * Leads are personal data: the copy is its owner's only, as the database is.
 */
export async function copyInto(source: BetterSqlite3.Database, partial: string): Promise<void> {
  fs.rmSync(partial, { force: true });
  fs.closeSync(fs.openSync(partial, 'wx', 0o600));
  try {
    await source.backup(partial, { progress: () => 0x7fffffff });
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

/** A time in a file name: `2026-11-23T10-00-00-000Z` (sorts as it runs). */
export const fileStamp = (time: Date) => time.toISOString().replace(/[:.]/g, '-');

/**
 * A running site whose database file left its path (database-file.ts) copies what its connection still
 * sees, every lead it acknowledged included, to `<file>.rescued-<time>` beside the path: after an `rm`
 * that copy is the only one left. `npm run restore -- <copy>` puts it back with the site stopped.
 */
export async function rescueDatabase(source: BetterSqlite3.Database, file: string, now = new Date()): Promise<string> {
  const target = `${file}.rescued-${fileStamp(now)}`;
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  await copyInto(source, `${target}.partial`);
  fs.renameSync(`${target}.partial`, target);
  return target;
}
