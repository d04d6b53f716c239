/** `health_heartbeats`: each instance's last health call (a write: health says ok only while the database takes them). */
import { inWriteTransaction, type DatabaseHandle } from '../db/connection';

export interface HeartbeatsRepository {
  /**
   * Upserts `instance`'s heartbeat at `beatAt` (never back to an older time) in a write transaction, so on
   * SQLite it fails when the file moved (database-file.ts); drops the rows of instances silent since `staleBefore`.
   */
  beat(instance: string, beatAt: number, staleBefore: number): Promise<void>;
  /** The last heartbeat of `instance` as stored, or null. */
  lastBeat(instance: string): Promise<number | null>;
}

export function createHeartbeatsRepository(handle: DatabaseHandle): HeartbeatsRepository {
  const { db } = handle;
  return {
    beat: (instance, beatAt, staleBefore) =>
      inWriteTransaction(handle, async (trx) => {
        await trx
          .insertInto('health_heartbeats')
          .values({ instance, beat_at: beatAt })
          // Two health calls of one instance at once: the later time stays, whichever commits last.
          .onConflict((conflict) =>
            conflict
              .column('instance')
              .doUpdateSet({ beat_at: (eb) => eb.ref('excluded.beat_at') })
              .where((eb) => eb('excluded.beat_at', '>', eb.ref('health_heartbeats.beat_at'))),
          )
          .execute();
        await trx.deleteFrom('health_heartbeats').where('beat_at', '<', staleBefore).execute();
      }),

    async lastBeat(instance) {
      const row = await db.selectFrom('health_heartbeats').select('beat_at').where('instance', '=', instance).executeTakeFirst();
      return row ? Number(row.beat_at) : null;
    },
  };
}
