import { Migrator, sql, type Migration } from 'kysely';
import type { DatabaseHandle, Dialect } from './connection';
import { initialMigration } from './migrations/001-initial';
import { christmasScheduleMigration } from './migrations/002-christmas-schedule';

/** All migrations, in order. Listed here (not read from a folder) so they travel inside the Next.js bundle. */
function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '001-initial': initialMigration(dialect),
    '002-christmas-schedule': christmasScheduleMigration,
  };
}

/**
 * Brings the schema up to date; run at every start and safe to run again. On PostgreSQL, Kysely's
 * migrator holds an advisory lock, so two instances starting at once migrate one after the other. On
 * SQLite a second process can lose the race for the write lock: it simply tries again.
 */
export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  // Migrations live in the connection's current schema (tests give each file its own schema).
  const schema =
    handle.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => migrations(handle.dialect) },
    migrationTableSchema: schema,
  });

  for (let attempt = 1; ; attempt++) {
    const { error } = await migrator.migrateToLatest();
    if (!error) return;
    if (attempt >= 5 || !isSqliteBusy(error)) throw new Error('database migration failed', { cause: error });
    await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
  }
}

function isSqliteBusy(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}
