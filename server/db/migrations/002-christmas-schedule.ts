import { defaultChristmasSchedule } from '../../rules/default-gift-schedule';
import type { PastSchema } from './past-schema';

/**
 * Seeds the default Christmas schedule. As a migration it runs exactly once per database, even when
 * two instances start together (the migration lock), and never again after marketing edits or empties it.
 */
export const christmasScheduleMigration = {
  async up(db: PastSchema) {
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
