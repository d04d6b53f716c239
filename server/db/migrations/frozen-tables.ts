import { sql, type CreateTableBuilder } from 'kysely';
import type { Dialect } from '../connection';
import type { PastSchema } from './past-schema';

/*
 * Table pieces that more than one migration writes. A migration must make the same schema forever, so
 * everything here is frozen: never edit a helper (every migration that uses it would change with it);
 * a later migration that wants something else writes it itself. The dumps of a freshly migrated
 * database (SQLite and PostgreSQL) came out byte-identical when these replaced the copies.
 */

/** The auto-increment integer primary key `id`: the only column the two dialects spell differently. */
export function autoIncrementId(dialect: Dialect) {
  return <T extends string>(table: CreateTableBuilder<T, never>) =>
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (column) => column.primaryKey())
      : table.addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement());
}

/**
 * The gift windows' table as 006 made it: 001 creates it so on new databases, and 006 rebuilds the
 * SQLite tables made before into it (under `name`, renamed afterwards). The gift number's check was
 * `between 1 and 13` on databases made before 006; see 006 for why the offers set the upper end.
 */
export function createGiftScheduleWindowsTable(db: PastSchema, dialect: Dialect, name = 'gift_schedule_windows') {
  return db.schema
    .createTable(name)
    .$call(autoIncrementId(dialect))
    .addColumn('gift_number', 'integer', (c) => c.notNull())
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('gift_schedule_windows_gift_number', sql`gift_number >= 1`)
    .addCheckConstraint('gift_schedule_windows_order', sql`start_at < end_at`)
    .execute();
}
