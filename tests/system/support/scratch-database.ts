import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { openDatabase } from '@/server/db/connection';

/**
 * A PostgreSQL database of the test's own, made on the server `serverUrl` points at: other people's tests
 * use the shared one at the same time. `drop` removes it, connections and all.
 */
export async function createScratchDatabase(serverUrl: string) {
  const name = `system_${randomBytes(5).toString('hex')}`;
  const admin = await openDatabase({ dialect: 'postgres', url: serverUrl });
  await sql`create database ${sql.id(name)}`.execute(admin.db);
  // Commits that do not wait for the server's WAL flush (server/testing/databases.ts says why): what the
  // servers under test see of each other's writes is the same; only a crash of PostgreSQL itself, which
  // no test causes, could lose the last ones.
  await sql`alter database ${sql.id(name)} set synchronous_commit = off`.execute(admin.db);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db);
      await admin.close();
    },
  };
}

export type ScratchDatabase = Awaited<ReturnType<typeof createScratchDatabase>>;
