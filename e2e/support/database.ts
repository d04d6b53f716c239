/**
 * Read-only looks into the end-to-end server's SQLite database: how many leads (and deliveries) one
 * visitor's e-mail made. Every test uses an e-mail of its own, so parallel tests never count each other's.
 */
import Database from 'better-sqlite3';
import { e2eDatabasePath } from './env';

function withDatabase<T>(read: (db: Database.Database) => T): T {
  const db = new Database(e2eDatabasePath, { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

export function leadsOf(email: string): { id: number; idempotency_key: string | null }[] {
  return withDatabase((db) => db.prepare('select id, idempotency_key from leads where email = ? order by id').all(email) as never);
}

export function deliveriesOf(email: string): { status: string; kind: string }[] {
  return withDatabase(
    (db) => db.prepare('select o.status, o.kind from outbox o join leads l on l.id = o.lead_id where l.email = ? order by o.id').all(email) as never,
  );
}
