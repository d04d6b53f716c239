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
      await db.schema
        .createTable('admin_users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('emailVerified', flag, (c) => c.notNull())
        .addColumn('image', 'text')
        .addColumn('createdAt', date, (c) => c.notNull())
        .addColumn('updatedAt', date, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('admin_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('expiresAt', date, (c) => c.notNull())
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('createdAt', date, (c) => c.notNull())
        .addColumn('updatedAt', date, (c) => c.notNull())
        .addColumn('ipAddress', 'text')
        .addColumn('userAgent', 'text')
        .addColumn('userId', 'text', (c) => c.notNull().references('admin_users.id').onDelete('cascade'))
        .execute();
      await db.schema.createIndex('admin_sessions_user').on('admin_sessions').column('userId').execute();
      await db.schema
        .createTable('admin_accounts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('accountId', 'text', (c) => c.notNull())
        .addColumn('providerId', 'text', (c) => c.notNull())
        .addColumn('userId', 'text', (c) => c.notNull().references('admin_users.id').onDelete('cascade'))
        .addColumn('accessToken', 'text')
        .addColumn('refreshToken', 'text')
        .addColumn('idToken', 'text')
        .addColumn('accessTokenExpiresAt', date)
        .addColumn('refreshTokenExpiresAt', date)
        .addColumn('scope', 'text')
        .addColumn('password', 'text')
        .addColumn('createdAt', date, (c) => c.notNull())
        .addColumn('updatedAt', date, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('admin_accounts_user').on('admin_accounts').column('userId').execute();
      await db.schema
        .createTable('admin_verifications')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('identifier', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('expiresAt', date, (c) => c.notNull())
        .addColumn('createdAt', date, (c) => c.notNull())
        .addColumn('updatedAt', date, (c) => c.notNull())
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
