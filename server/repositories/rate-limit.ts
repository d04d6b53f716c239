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

    async claim(bucket, windowStart, limit) {
      // The upsert counts and decides in one statement: a full window's row is left as it is (the
      // update's condition fails) and returns nothing. A read, then a write, would let every claim made
      // between the two through.
      const row = await db
        .insertInto('rate_limit_counters')
        .values({ bucket, window_start: windowStart, hits: 1 })
        .onConflict((conflict) =>
          conflict
            .columns(['bucket', 'window_start'])
            .doUpdateSet({ hits: sql<number>`rate_limit_counters.hits + 1` })
            .where('rate_limit_counters.hits', '<', limit),
        )
        .returning('hits')
        .executeTakeFirst();
      return row ? Number(row.hits) : null;
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
