import { sql } from 'kysely';
import type { Dialect } from '../connection';
import { createGiftScheduleWindowsTable } from './frozen-tables';
import type { PastSchema } from './past-schema';

/**
 * A window's gift is any offer of content/gift-offers.ts: the check that capped it at 13 (001) becomes
 * `gift_number >= 1`, and the application checks the upper end against the offers (windowProblem), so
 * adding an offer needs no migration. A new database gets `>= 1` from 001 already (its seed, 002, holds
 * every offer's window); this brings databases made before to the same constraint. SQLite cannot change
 * a check constraint: the table is rebuilt, ids kept, inside the migration's transaction.
 */
export function giftNumberFromOffersMigration(dialect: Dialect) {
  return {
    async up(db: PastSchema) {
      if (dialect === 'postgres') {
        await sql`alter table gift_schedule_windows drop constraint gift_schedule_windows_gift_number`.execute(db);
        await sql`alter table gift_schedule_windows add constraint gift_schedule_windows_gift_number check (gift_number >= 1)`.execute(db);
        return;
      }
      await createGiftScheduleWindowsTable(db, 'sqlite', 'gift_schedule_windows_new');
      await sql`insert into gift_schedule_windows_new (id, gift_number, start_at, end_at, created_at)
        select id, gift_number, start_at, end_at, created_at from gift_schedule_windows`.execute(db);
      await db.schema.dropTable('gift_schedule_windows').execute();
      await db.schema.alterTable('gift_schedule_windows_new').renameTo('gift_schedule_windows').execute();
      await db.schema.createIndex('gift_schedule_windows_start').on('gift_schedule_windows').column('start_at').execute();
    },
  };
}
