/** `rate_limit_counters`: hits per bucket (a client address or network, an e-mail, the site, a flood's sign) and window, shared by every instance. */
import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/connection';
import type { Database } from '../db/schema';

export interface RateLimitRepository {
  /** Counts one hit in the bucket's window and returns the window's total so far. */
  hit(bucket: string, windowStart: number): Promise<number>;
  /**
   * Counts one hit unless the window already holds `limit`, in one atomic statement: of any number of
   * claims at once (from any instance) at most `limit` are counted. The window's total with this hit,
   * or null when it was full and nothing was counted.
   */
  claim(bucket: string, windowStart: number, limit: number): Promise<number | null>;
  /** The hits of these buckets in one window, read (a bucket with none is absent). */
  hitsOf(buckets: readonly string[], windowStart: number): Promise<Map<string, number>>;
  pruneBefore(windowStart: number): Promise<number>;
  /** Takes one hit back from the bucket's window (never below zero). */
  release(bucket: string, windowStart: number): Promise<void>;
  /** Deletes every window of the bucket inside the caller's transaction (an erasure's: the e-mail's counters); how many rows went. */
  deleteBucket(bucket: string, trx: Kysely<Database>): Promise<number>;
}

export function createRateLimitRepository(handle: DatabaseHandle): RateLimitRepository {
  const { db } = handle;
  return {
    async hit(bucket, windowStart) {
      // An atomic upsert: instances sharing the database count into the same row.
      const row = await db
        .insertInto('rate_limit_counters')
        .values({ bucket, window_start: windowStart, hits: 1 })
        .onConflict((conflict) => conflict.columns(['bucket', 'window_start']).doUpdateSet({ hits: sql<number>`rate_limit_counters.hits + 1` }))
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

    async hitsOf(buckets, windowStart) {
      if (buckets.length === 0) return new Map();
      const rows = await db
        .selectFrom('rate_limit_counters')
        .select(['bucket', 'hits'])
        .where('window_start', '=', windowStart)
        .where('bucket', 'in', [...buckets])
        .execute();
      return new Map(rows.map((row) => [row.bucket, Number(row.hits)]));
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

    async deleteBucket(bucket, trx) {
      const result = await trx.deleteFrom('rate_limit_counters').where('bucket', '=', bucket).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
