import type { Dialect } from '../connection';
import { autoIncrementId } from './frozen-tables';
import type { PastSchema } from './past-schema';

/**
 * Operators invited from the console («Операторы» → «Добавить оператора»):
 * - `admin_invitations`: one row an invitation: the invited e-mail, the SHA-256 of its one-time link's
 *   token (the token itself is shown once to the operator who made it and stored nowhere), who invited,
 *   when it was made, when it expires and when it was accepted (null until then);
 * - `admin_users.lastSignInAt`: when the operator last signed in (epoch ms; null: never since this
 *   migration), shown in the list of operators. better-auth ignores a column it does not know.
 */
export function operatorInvitationsMigration(dialect: Dialect) {
  return {
    async up(db: PastSchema) {
      await db.schema
        .createTable('admin_invitations')
        .$call(autoIncrementId(dialect))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('invited_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('accepted_at', 'bigint')
        .execute();
      await db.schema.createIndex('admin_invitations_email').on('admin_invitations').column('email').execute();
      await db.schema.alterTable('admin_users').addColumn('lastSignInAt', 'bigint').execute();
    },
  };
}
