import type { PastSchema } from './past-schema';

/**
 * Pop-ups steered from the console:
 * - `popups`: one row a pop-up, keyed by its id (content/popups.ts `popupId`), with its place in the file
 *   (the targeting's last tie-break) and the number of its current version;
 * - `popup_versions`: every saved state of a pop-up, oldest first; version 1 is the file as it seeded it.
 *   `config` is the whole pop-up as JSON (texts, targeting, delay, on/off, the Moscow window), so a
 *   rollback copies one row.
 */
export const popupsMigration = {
  async up(db: PastSchema) {
    await db.schema
      .createTable('popups')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('current_version', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('popup_versions')
      .addColumn('popup_id', 'text', (c) => c.notNull().references('popups.id').onDelete('cascade'))
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('config', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      /** The operator's e-mail; null for the seed from the file. */
      .addColumn('actor', 'text')
      /** JSON list of the changed fields' keys. */
      .addColumn('changes', 'text', (c) => c.notNull())
      /** The version a rollback brought back. */
      .addColumn('restored_from', 'integer')
      .addPrimaryKeyConstraint('popup_versions_key', ['popup_id', 'version'])
      .execute();
  },
};
