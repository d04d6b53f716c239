/**
 * A SQLite file read as a whole (a backup, or a database about to be restored), outside the site's
 * running connection: which tables it holds and how many leads. The SQL of it lives here with the rest.
 */
import type BetterSqlite3 from 'better-sqlite3';

export function sqliteFileContents(db: BetterSqlite3.Database): { tables: Set<string>; leadCount: () => number } {
  const tables = new Set((db.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map((row) => row.name));
  return { tables, leadCount: () => (db.prepare('select count(*) as n from leads').get() as { n: number }).n };
}
