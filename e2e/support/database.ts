/**
 * Direct access to the e2e stack's SQLite database, for seeding states a browser cannot produce quickly
 * (a delivery GetCourse refused 20 times). The server has the file open too: WAL lets both write.
 */
import Database from 'better-sqlite3';
import { e2eDatabasePath } from './env';

export function withE2eDatabase<T>(work: (db: Database.Database) => T): T {
  const db = new Database(e2eDatabasePath, { timeout: 10_000 });
  try {
    return work(db);
  } finally {
    db.close();
  }
}
