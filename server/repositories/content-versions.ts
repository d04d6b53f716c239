/**
 * `content_versions`: every saved state of a console article or event. A draft is never on the site; a
 * published version is in effect from `publishAt` until a later published version of its entry takes over
 * (server/live-content/publications.ts). A version not yet in effect can be cancelled or moved.
 */
import type { Kysely, Selectable } from 'kysely';
import { inCallersTransaction, type DatabaseHandle } from '../db/connection';
import type { ContentVersionsTable, Database } from '../db/schema';
import type { ContentEntriesRepository, ContentKind } from './content-entries';

export interface ContentVersion {
  id: number;
  kind: ContentKind;
  slug: string;
  /** The console form's fields (features/console-articles/ reads and checks them). */
  fields: Record<string, unknown>;
  status: 'draft' | 'published';
  /** When a published version takes effect; null for a draft. */
  publishAt: number | null;
  createdAt: number;
  operator: string;
  cancelledAt: number | null;
  restoredFrom: number | null;
}

export interface NewContentVersion {
  kind: ContentKind;
  slug: string;
  fields: Record<string, unknown>;
  status: 'draft' | 'published';
  publishAt: number | null;
  operator: string;
  restoredFrom?: number | null;
}

/** What a cancel or a move did: `not_pending` when the version is a draft, cancelled, or already in effect. */
export type PendingChangeOutcome = { done: true; version: ContentVersion } | { done: false; reason: 'not_found' | 'not_pending' };

export interface ContentVersionsRepository {
  /** Stores a version (and its entry, the first time), in the caller's transaction when given. */
  add(version: NewContentVersion, now: number, trx?: Kysely<Database>): Promise<ContentVersion>;
  get(id: number): Promise<ContentVersion | undefined>;
  /** An entry's versions, newest first. */
  history(kind: ContentKind, slug: string): Promise<ContentVersion[]>;
  /** Every version of a kind, newest first (the console's lists). */
  listKind(kind: ContentKind): Promise<ContentVersion[]>;
  /** Every published version not cancelled, oldest first: what the site's state is computed from. */
  published(): Promise<ContentVersion[]>;
  /** «Отменить» a published version that is not in effect yet at `now`. */
  cancel(id: number, now: number, trx?: Kysely<Database>): Promise<PendingChangeOutcome>;
  /** «Перенести» a published version not in effect yet at `now` to `at`. */
  reschedule(id: number, at: number, now: number, trx?: Kysely<Database>): Promise<PendingChangeOutcome>;
}

function versionOf(row: Selectable<ContentVersionsTable>): ContentVersion {
  return {
    id: Number(row.id),
    kind: row.kind,
    slug: row.slug,
    fields: JSON.parse(row.fields) as Record<string, unknown>,
    status: row.status,
    publishAt: row.publish_at === null ? null : Number(row.publish_at),
    createdAt: Number(row.created_at),
    operator: row.operator,
    cancelledAt: row.cancelled_at === null ? null : Number(row.cancelled_at),
    restoredFrom: row.restored_from === null ? null : Number(row.restored_from),
  };
}

export function createContentVersionsRepository(handle: DatabaseHandle, { entries }: { entries: ContentEntriesRepository }): ContentVersionsRepository {
  const { db } = handle;

  /** Only a published version still ahead of `now` and not cancelled may be cancelled or moved. */
  function changePending(id: number, now: number, outer: Kysely<Database> | undefined, set: Partial<Record<'cancelled_at' | 'publish_at', number>>) {
    return inCallersTransaction(handle, outer, async (trx): Promise<PendingChangeOutcome> => {
      const updated = await trx
        .updateTable('content_versions')
        .set(set)
        .where('id', '=', id)
        .where('status', '=', 'published')
        .where('cancelled_at', 'is', null)
        .where('publish_at', '>', now)
        .executeTakeFirst();
      const row = await trx.selectFrom('content_versions').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return { done: false, reason: 'not_found' };
      return Number(updated.numUpdatedRows) === 1 ? { done: true, version: versionOf(row) } : { done: false, reason: 'not_pending' };
    });
  }

  return {
    add(version, now, outer) {
      return inCallersTransaction(handle, outer, async (trx) => {
        await entries.ensure(version.kind, version.slug, now, trx);
        const row = await trx
          .insertInto('content_versions')
          .values({
            kind: version.kind,
            slug: version.slug,
            fields: JSON.stringify(version.fields),
            status: version.status,
            publish_at: version.publishAt,
            created_at: now,
            operator: version.operator,
            cancelled_at: null,
            restored_from: version.restoredFrom ?? null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return versionOf(row);
      });
    },

    async get(id) {
      const row = await db.selectFrom('content_versions').selectAll().where('id', '=', id).executeTakeFirst();
      return row && versionOf(row);
    },

    async history(kind, slug) {
      const rows = await db.selectFrom('content_versions').selectAll().where('kind', '=', kind).where('slug', '=', slug).orderBy('id', 'desc').execute();
      return rows.map(versionOf);
    },

    async listKind(kind) {
      const rows = await db.selectFrom('content_versions').selectAll().where('kind', '=', kind).orderBy('id', 'desc').execute();
      return rows.map(versionOf);
    },

    async published() {
      const rows = await db
        .selectFrom('content_versions')
        .selectAll()
        .where('status', '=', 'published')
        .where('cancelled_at', 'is', null)
        .orderBy('publish_at')
        .orderBy('id')
        .execute();
      return rows.map(versionOf);
    },

    cancel: (id, now, trx) => changePending(id, now, trx, { cancelled_at: now }),
    reschedule: (id, at, now, trx) => changePending(id, now, trx, { publish_at: at }),
  };
}
