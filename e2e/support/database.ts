/**
 * Direct access to the e2e stack's SQLite database: how many leads (and deliveries) one visitor's e-mail
 * made (every test uses an e-mail of its own, so parallel tests never count each other's), and seeding
 * states a browser cannot produce quickly (a delivery GetCourse refused 20 times). The server has the
 * file open too: WAL lets both write.
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

export function leadsOf(email: string): { id: number; idempotency_key: string | null }[] {
  return withE2eDatabase((db) => db.prepare('select id, idempotency_key from leads where email = ? order by id').all(email) as never);
}

export function deliveriesOf(email: string): { status: string; kind: string }[] {
  return withE2eDatabase(
    (db) => db.prepare('select o.status, o.kind from outbox o join leads l on l.id = o.lead_id where l.email = ? order by o.id').all(email) as never,
  );
}
