import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/connection';
import type { RateLimitRepository } from './types';

export function createRateLimitRepository(handle: DatabaseHandle): RateLimitRepository {
  const { db } = handle;
  return {
    async hit(bucket, windowStart) {
      // An atomic upsert: instances sharing the database count into the same row.
      const row = await db
        .insertInto('rate_limit_counters')
        .values({ bucket, window_start: windowStart, hits: 1 })
        .onConflict((conflict) =>
          conflict.columns(['bucket', 'window_start']).doUpdateSet({ hits: sql<number>`rate_limit_counters.hits + 1` }),
        )
        .returning('hits')
        .executeTakeFirstOrThrow();
      return Number(row.hits);
    },

    async count(bucket, windowStart) {
      const row = await db
        .selectFrom('rate_limit_counters')
        .select('hits')
        .where('bucket', '=', bucket)
        .where('window_start', '=', windowStart)
        .executeTakeFirst();
      return row ? Number(row.hits) : 0;
    },

    async release(bucket, windowStart) {
      await db
        .updateTable('rate_limit_counters')
        .set({ hits: sql<number>`hits - 1` })
        .where('bucket', '=', bucket)
        .where('window_start', '=', windowStart)
        .where('hits', '>', 0)
        .execute();
    },

    async pruneBefore(windowStart) {
      const result = await db.deleteFrom('rate_limit_counters').where('window_start', '<', windowStart).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
