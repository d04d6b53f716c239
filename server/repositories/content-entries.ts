/** `content_entries`: the articles and events the console has saved, by kind and address segment. */
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/connection';
import type { Database } from '../db/schema';

export type ContentKind = 'article' | 'event';

export interface ContentEntriesRepository {
  /** Adds the entry unless it is there (in the caller's transaction: the version that needs it goes with it). */
  ensure(kind: ContentKind, slug: string, now: number, trx: Kysely<Database>): Promise<void>;
  /** Every entry of a kind, by address. */
  list(kind: ContentKind): Promise<string[]>;
}

export function createContentEntriesRepository(handle: DatabaseHandle): ContentEntriesRepository {
  const { db } = handle;
  return {
    async ensure(kind, slug, now, trx) {
      await trx
        .insertInto('content_entries')
        .values({ kind, slug, created_at: now })
        .onConflict((conflict) => conflict.columns(['kind', 'slug']).doNothing())
        .execute();
    },

    async list(kind) {
      const rows = await db.selectFrom('content_entries').select('slug').where('kind', '=', kind).orderBy('slug').execute();
      return rows.map((row) => row.slug);
    },
  };
}
