import type { CreateTableBuilder } from 'kysely';
import type { Dialect } from '../connection';
import { autoIncrementId } from './frozen-tables';
import type { PastSchema } from './past-schema';

/**
 * The operator console:
 * - better-auth's tables (operators, their sessions, their password accounts, verifications), with the
 *   columns and types better-auth's own migration generates for each dialect, so its adapter reads
 *   them as it wrote them (dates: text on SQLite, timestamptz on PostgreSQL);
 * - the audit log: who did what, when;
 * - daily counts of the pop-ups' `shown`, `closed` and `finished` per pop-up and page (no visitor data);
 * - indexes for the leads list, read newest first by (created_at, id) pages, also within one form or
 *   one UTM source, and for the search by phone (by e-mail: `leads_email` from 003).
 */
export function adminConsoleMigration(dialect: Dialect) {
  const postgres = dialect === 'postgres';
  const date = postgres ? 'timestamptz' : 'date';
  const flag = postgres ? 'boolean' : 'integer';
  return {
    async up(db: PastSchema) {
      // What every better-auth table has: a text id it makes up, and when the row was made and last changed.
      const authTable = (name: string) => db.schema.createTable(name).addColumn('id', 'text', (c) => c.primaryKey());
      const timestamps = <T extends string, C extends string>(table: CreateTableBuilder<T, C>) =>
        table.addColumn('createdAt', date, (c) => c.notNull()).addColumn('updatedAt', date, (c) => c.notNull());
      // A session or an account goes with its operator (deleted with it) and is looked up by the operator's id.
      const operator = <T extends string, C extends string>(table: CreateTableBuilder<T, C>) =>
        table.addColumn('userId', 'text', (c) => c.notNull().references('admin_users.id').onDelete('cascade'));
      const createOperatorTable = async (name: string, columns: (table: ReturnType<typeof authTable>) => CreateTableBuilder<string, string>) => {
        await columns(authTable(name)).execute();
        await db.schema.createIndex(`${name}_user`).on(name).column('userId').execute();
      };

      await authTable('admin_users')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('emailVerified', flag, (c) => c.notNull())
        .addColumn('image', 'text')
        .$call(timestamps)
        .execute();
      await createOperatorTable('admin_sessions', (table) =>
        table
          .addColumn('expiresAt', date, (c) => c.notNull())
          .addColumn('token', 'text', (c) => c.notNull().unique())
          .$call(timestamps)
          .addColumn('ipAddress', 'text')
          .addColumn('userAgent', 'text')
          .$call(operator),
      );
      await createOperatorTable('admin_accounts', (table) =>
        table
          .addColumn('accountId', 'text', (c) => c.notNull())
          .addColumn('providerId', 'text', (c) => c.notNull())
          .$call(operator)
          .addColumn('accessToken', 'text')
          .addColumn('refreshToken', 'text')
          .addColumn('idToken', 'text')
          .addColumn('accessTokenExpiresAt', date)
          .addColumn('refreshTokenExpiresAt', date)
          .addColumn('scope', 'text')
          .addColumn('password', 'text')
          .$call(timestamps),
      );
      await authTable('admin_verifications')
        .addColumn('identifier', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('expiresAt', date, (c) => c.notNull())
        .$call(timestamps)
        .execute();
      await db.schema.createIndex('admin_verifications_identifier').on('admin_verifications').column('identifier').execute();

      await db.schema
        .createTable('admin_audit_log')
        .$call(autoIncrementId(dialect))
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('actor', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('subject', 'text')
        .addColumn('details', 'text')
        .execute();

      await db.schema
        .createTable('popup_daily_counts')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('popup_id', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('shown', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('closed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('finished', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('popup_daily_counts_key', ['day', 'popup_id', 'path'])
        .execute();

      await db.schema.createIndex('leads_created_id').on('leads').columns(['created_at', 'id']).execute();
      await db.schema.createIndex('leads_form_created_id').on('leads').columns(['form_id', 'created_at', 'id']).execute();
      await db.schema.createIndex('leads_utm_source_created_id').on('leads').columns(['utm_source', 'created_at', 'id']).execute();
      await db.schema.createIndex('leads_phone').on('leads').column('phone').execute();
      // Superseded by leads_created_id (same leading column).
      await db.schema.dropIndex('leads_created_at').execute();
      // The overview's "last success": the newest sent_at.
      await db.schema.createIndex('outbox_sent_at').on('outbox').column('sent_at').execute();
    },
  };
}
