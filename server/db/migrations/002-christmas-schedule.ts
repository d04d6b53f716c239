import type { Kysely } from 'kysely';
import { defaultChristmasSchedule } from '../../gift-schedule/default-schedule';

/**
 * Seeds the default Christmas schedule. As a migration it runs exactly once per database, even when
 * two instances start together (the migration lock), and never again after marketing edits or empties it.
 */
export const christmasScheduleMigration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was
  async up(db: Kysely<any>) {
    const createdAt = Date.now();
    await db
      .insertInto('gift_schedule_windows')
      .values(
        defaultChristmasSchedule().map((window) => ({
          gift_number: window.giftNumber,
          start_at: window.startTimestamp,
          end_at: window.endTimestamp,
          created_at: createdAt,
        })),
      )
      .execute();
  },
};
