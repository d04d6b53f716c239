/** `content_images`: cover images uploaded in the console, already re-encoded (server/content-images/). Never changed: a new upload is a new row. */
import type { Kysely } from 'kysely';
import { inCallersTransaction, type DatabaseHandle } from '../db/connection';
import type { Database } from '../db/schema';

export interface StoredImage {
  id: number;
  contentType: string;
  bytes: Uint8Array;
  width: number;
  height: number;
}

export interface ContentImagesRepository {
  add(image: Omit<StoredImage, 'id'>, options: { operator: string; now: number }, trx?: Kysely<Database>): Promise<number>;
  get(id: number): Promise<StoredImage | undefined>;
}

export function createContentImagesRepository(handle: DatabaseHandle): ContentImagesRepository {
  const { db } = handle;
  return {
    add(image, { operator, now }, outer) {
      return inCallersTransaction(handle, outer, async (trx) => {
        const row = await trx
          .insertInto('content_images')
          .values({ content_type: image.contentType, bytes: image.bytes, width: image.width, height: image.height, created_at: now, operator })
          .returning('id')
          .executeTakeFirstOrThrow();
        return Number(row.id);
      });
    },

    async get(id) {
      const row = await db.selectFrom('content_images').select(['id', 'content_type', 'bytes', 'width', 'height']).where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      return { id: Number(row.id), contentType: row.content_type, bytes: new Uint8Array(row.bytes), width: Number(row.width), height: Number(row.height) };
    },
  };
}
