import type { PastSchema } from './past-schema';

/**
 * Failed and refused sign-ins fold into one audit row per kind, tried e-mail, client and lockout window
 * instead of a row each, so a flood of attempts leaves a few rows:
 * - `fold_key`: what the attempts of one row share (null for every other action), unique so that two
 *   instances counting the same attempt kind at once add to one row;
 * - `count`: how many attempts the row stands for (1 for every other action);
 * - `last_at`: when the latest of them came (null for every other action; `at` is the first).
 * The retention job deletes rows by `at`, hence its index.
 */
export const foldedSignInAuditMigration = {
  async up(db: PastSchema) {
    await db.schema.alterTable('admin_audit_log').addColumn('fold_key', 'text').execute();
    await db.schema
      .alterTable('admin_audit_log')
      .addColumn('count', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.alterTable('admin_audit_log').addColumn('last_at', 'bigint').execute();
    await db.schema.createIndex('admin_audit_log_fold_key').on('admin_audit_log').column('fold_key').unique().execute();
    await db.schema.createIndex('admin_audit_log_at').on('admin_audit_log').column('at').execute();
  },
};
