import { inWriteTransaction, type DatabaseHandle } from '../db/connection';
import type { HeartbeatsRepository } from './types';

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
