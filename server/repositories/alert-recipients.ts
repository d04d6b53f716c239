/** `alert_recipients` (migration 009): one row a recipient, the earliest start of its next message. */
import type { DatabaseHandle } from '../db/connection';

export interface AlertRecipientsRepository {
  /**
   * Takes the recipient for one message when its time has come: no other worker may start a message to it
   * before `holdUntil` (the send's lease). False when another holds it or it must still wait.
   */
  take(recipient: string, now: number, holdUntil: number): Promise<boolean>;
  /** After a message: the next one may start at `nextAt` (a second later, or Telegram's retry_after). */
  release(recipient: string, nextAt: number): Promise<void>;
}

export function createAlertRecipientsRepository(handle: DatabaseHandle): AlertRecipientsRepository {
  const { db } = handle;
  return {
    async take(recipient, now, holdUntil) {
      await db
        .insertInto('alert_recipients')
        .values({ recipient, next_send_at: 0 })
        .onConflict((conflict) => conflict.column('recipient').doNothing())
        .execute();
      // One conditional update: of two workers only one finds the time come (the other sees the new time).
      const result = await db
        .updateTable('alert_recipients')
        .set({ next_send_at: holdUntil })
        .where('recipient', '=', recipient)
        .where('next_send_at', '<=', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async release(recipient, nextAt) {
      await db.updateTable('alert_recipients').set({ next_send_at: nextAt }).where('recipient', '=', recipient).execute();
    },
  };
}
