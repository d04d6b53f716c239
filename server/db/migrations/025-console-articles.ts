import type { Dialect } from '../connection';
import { autoIncrementId } from './frozen-tables';
import type { PastSchema } from './past-schema';

/**
 * Articles and events written in the console («Статьи», «События»), which lay over the files of
 * `content/` once they are in effect (server/live-content/publications.ts):
 * - `content_entries`: one row an article or event the console has saved, by its kind and its address
 *   segment (a file's id or slug when the console edits a file's entry, a new one otherwise);
 * - `content_versions`: every saved state of an entry, its fields as JSON. A `draft` is never on the site;
 *   a `published` version is in effect from `publish_at` (now, or a later moment: a scheduled one) until a
 *   later published version of the entry takes over. «Отменить» sets `cancelled_at`; «Перенести» moves
 *   `publish_at` of a version not yet in effect;
 * - `content_images`: cover images uploaded in the console, re-encoded, served by
 *   `GET /api/content-images/<id>` (never changed: a new upload is a new row).
 */
export function consoleArticlesMigration(dialect: Dialect) {
  return {
    async up(db: PastSchema) {
      await db.schema
        .createTable('content_entries')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('content_entries_key', ['kind', 'slug'])
        .execute();
      await db.schema
        .createTable('content_versions')
        .$call(autoIncrementId(dialect))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull())
        /** JSON: the console form's fields (server/repositories/content-versions.ts). */
        .addColumn('fields', 'text', (c) => c.notNull())
        /** `draft` or `published`. */
        .addColumn('status', 'text', (c) => c.notNull())
        /** When a published version takes effect (epoch ms); null for a draft. */
        .addColumn('publish_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        /** The operator's e-mail. */
        .addColumn('operator', 'text', (c) => c.notNull())
        .addColumn('cancelled_at', 'bigint')
        /** The version «Вернуть эту версию» copied. */
        .addColumn('restored_from', 'integer')
        .addForeignKeyConstraint('content_versions_entry', ['kind', 'slug'], 'content_entries', ['kind', 'slug'], (c) => c.onDelete('cascade'))
        .execute();
      await db.schema.createIndex('content_versions_entry').on('content_versions').columns(['kind', 'slug', 'id']).execute();
      await db.schema.createIndex('content_versions_publish_at').on('content_versions').column('publish_at').execute();
      await db.schema
        .createTable('content_images')
        .$call(autoIncrementId(dialect))
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('bytes', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('operator', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
