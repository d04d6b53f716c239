/**
 * `popups`, `popup_versions`: the pop-ups a marketer edits in the console, each with every version it
 * had (a save or a rollback adds one; the row names the current one).
 */
import type { Kysely, Selectable } from 'kysely';
import { inCallersTransaction, inWriteTransaction, type DatabaseHandle } from '../db/connection';
import type { Database, PopupVersionsTable } from '../db/schema';
import { isLive, type ManagedPopupConfig } from '@/lib/popups/managed';

/** A pop-up's current state. */
export interface StoredPopup {
  id: string;
  /** Its place in content/popups.ts (the targeting's last tie-break). */
  position: number;
  version: number;
  updatedAt: number;
  config: ManagedPopupConfig;
}

/** One saved state of a pop-up. */
export interface PopupVersion {
  version: number;
  createdAt: number;
  /** The operator's e-mail; null for the file's seed. */
  actor: string | null;
  /** Keys of the config that changed against the version before (`[]` for the seed). */
  changes: string[];
  /** Set when this version brought an older one back. */
  restoredFrom: number | null;
  config: ManagedPopupConfig;
}

/** What a save or rollback did. `conflict`: someone saved the pop-up since `expectedVersion` was read. */
export type PopupSaveOutcome =
  { saved: true; version: number; changes: string[] } | { saved: false; reason: 'conflict'; currentVersion: number } | { saved: false; reason: 'not_found' };

export interface PopupsRepository {
  /**
   * Adds every pop-up the database lacks, as version 1 (the file's state), in the file's order; never
   * touches one it holds (a marketer's change outlives every deploy). Safe for instances starting together.
   */
  seed(popups: readonly { id: string; config: ManagedPopupConfig }[], now: number): Promise<{ added: string[] }>;
  /** Every pop-up, in the file's order. */
  list(): Promise<StoredPopup[]>;
  /** The pop-ups a visitor may see at `now` (on, inside their window), in the file's order. */
  listActive(now: number): Promise<StoredPopup[]>;
  get(id: string): Promise<StoredPopup | undefined>;
  /** Newest first. */
  history(id: string): Promise<PopupVersion[]>;
  /**
   * Stores `config` as a new version, unless the current one is no longer `expectedVersion`; in the caller's
   * `trx` when given (a console action's, with its audit row), else in a transaction of its own (as `rollback`).
   */
  save(
    id: string,
    config: ManagedPopupConfig,
    options: { expectedVersion: number; actor: string; now: number },
    trx?: Kysely<Database>,
  ): Promise<PopupSaveOutcome>;
  /** «Показывать» on or off, as a new version. */
  setEnabled(id: string, enabled: boolean, options: { expectedVersion: number; actor: string; now: number }): Promise<PopupSaveOutcome>;
  /** Makes version `version`'s config current again, as a new version. */
  rollback(
    id: string,
    version: number,
    options: { expectedVersion: number; actor: string; now: number },
    trx?: Kysely<Database>,
  ): Promise<PopupSaveOutcome | { saved: false; reason: 'no_version' }>;
  /**
   * Marks the pop-up changed at `now` inside the caller's transaction (a split test's start): its row's
   * lock orders concurrent changes of the pop-up on PostgreSQL (SQLite writes one at a time anyway).
   */
  markChanged(id: string, now: number, trx: Kysely<Database>): Promise<void>;
}

/** The top-level keys whose values differ (JSON comparison). */
export function changedKeys(before: ManagedPopupConfig, after: ManagedPopupConfig): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const b = before as unknown as Record<string, unknown>;
  const a = after as unknown as Record<string, unknown>;
  return [...keys].filter((key) => JSON.stringify(b[key]) !== JSON.stringify(a[key])).sort();
}

export function createPopupsRepository(handle: DatabaseHandle): PopupsRepository {
  const { db } = handle;

  const current = () =>
    db
      .selectFrom('popups')
      .innerJoin('popup_versions', (join) =>
        join.onRef('popup_versions.popup_id', '=', 'popups.id').onRef('popup_versions.version', '=', 'popups.current_version'),
      )
      .select(['popups.id', 'popups.position', 'popups.current_version', 'popups.updated_at', 'popup_versions.config']);

  type CurrentRow = { id: string; position: number; current_version: number; updated_at: number | string; config: string };
  const stored = (row: CurrentRow): StoredPopup => ({
    id: row.id,
    position: Number(row.position),
    version: Number(row.current_version),
    updatedAt: Number(row.updated_at),
    config: JSON.parse(row.config) as ManagedPopupConfig,
  });

  async function list() {
    const rows = await current().orderBy('popups.position').orderBy('popups.id').execute();
    return rows.map(stored);
  }

  async function save(
    id: string,
    config: ManagedPopupConfig,
    options: { expectedVersion: number; actor: string; now: number },
    restoredFrom: number | null,
    outer: Kysely<Database> | undefined,
  ): Promise<PopupSaveOutcome> {
    return inCallersTransaction(handle, outer, async (trx) => {
      const row = await trx
        .selectFrom('popups')
        .innerJoin('popup_versions', (join) =>
          join.onRef('popup_versions.popup_id', '=', 'popups.id').onRef('popup_versions.version', '=', 'popups.current_version'),
        )
        .select(['popups.current_version', 'popup_versions.config'])
        .where('popups.id', '=', id)
        .executeTakeFirst();
      if (!row) return { saved: false, reason: 'not_found' } as const;
      const version = options.expectedVersion + 1;
      // The row's lock orders concurrent saves: the second one finds the version moved on and updates nothing.
      const updated = await trx
        .updateTable('popups')
        .set({ current_version: version, updated_at: options.now })
        .where('id', '=', id)
        .where('current_version', '=', options.expectedVersion)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) {
        const now = await trx.selectFrom('popups').select('current_version').where('id', '=', id).executeTakeFirstOrThrow();
        return { saved: false, reason: 'conflict', currentVersion: Number(now.current_version) } as const;
      }
      const changes = changedKeys(JSON.parse(row.config) as ManagedPopupConfig, config);
      await trx
        .insertInto('popup_versions')
        .values({
          popup_id: id,
          version,
          config: JSON.stringify(config),
          created_at: options.now,
          actor: options.actor,
          changes: JSON.stringify(changes),
          restored_from: restoredFrom,
        })
        .execute();
      return { saved: true, version, changes } as const;
    });
  }

  return {
    async seed(popups, now) {
      const have = new Set((await db.selectFrom('popups').select('id').execute()).map((row) => row.id));
      const missing = popups.map((popup, position) => ({ ...popup, position })).filter((popup) => !have.has(popup.id));
      if (missing.length === 0) return { added: [] };
      return inWriteTransaction(handle, async (trx) => {
        const added: string[] = [];
        for (const popup of missing) {
          // Another instance may have seeded it meanwhile: its row stands.
          const inserted = await trx
            .insertInto('popups')
            .values({ id: popup.id, position: popup.position, current_version: 1, updated_at: now })
            .onConflict((conflict) => conflict.column('id').doNothing())
            .returning('id')
            .executeTakeFirst();
          if (!inserted) continue;
          await trx
            .insertInto('popup_versions')
            .values({ popup_id: popup.id, version: 1, config: JSON.stringify(popup.config), created_at: now, actor: null, changes: '[]', restored_from: null })
            .execute();
          added.push(popup.id);
        }
        return { added };
      });
    },

    list,

    async listActive(now) {
      return (await list()).filter((popup) => isLive(popup.config, now));
    },

    async get(id) {
      const row = await current().where('popups.id', '=', id).executeTakeFirst();
      return row && stored(row);
    },

    async history(id) {
      const rows = await db.selectFrom('popup_versions').selectAll().where('popup_id', '=', id).orderBy('version', 'desc').execute();
      return rows.map(versionOf);
    },

    save: (id, config, options, trx) => save(id, config, options, null, trx),

    async setEnabled(id, enabled, options) {
      const popup = await this.get(id);
      if (!popup) return { saved: false, reason: 'not_found' };
      return save(id, { ...popup.config, enabled }, options, null, undefined);
    },

    async rollback(id, version, options, trx) {
      // Read in the caller's transaction too: on SQLite its one connection is the transaction's until it ends.
      const row = await (trx ?? db).selectFrom('popup_versions').select('config').where('popup_id', '=', id).where('version', '=', version).executeTakeFirst();
      if (!row) return { saved: false, reason: 'no_version' };
      return save(id, JSON.parse(row.config) as ManagedPopupConfig, options, version, trx);
    },

    async markChanged(id, now, trx) {
      await trx.updateTable('popups').set({ updated_at: now }).where('id', '=', id).execute();
    },
  };
}

function versionOf(row: Selectable<PopupVersionsTable>): PopupVersion {
  return {
    version: Number(row.version),
    createdAt: Number(row.created_at),
    actor: row.actor,
    changes: JSON.parse(row.changes) as string[],
    restoredFrom: row.restored_from === null ? null : Number(row.restored_from),
    config: JSON.parse(row.config) as ManagedPopupConfig,
  };
}
