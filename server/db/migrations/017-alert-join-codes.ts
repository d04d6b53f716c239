import type { PastSchema } from './past-schema';

/**
 * Sales managers join the lead alerts by a link to the bot (`t.me/<bot>?start=<code>`), «Уведомления»:
 * - `alert_join_codes`: one row a link: the SHA-256 of its one-time code (the code is shown once, in the
 *   link and its QR code), who made it, when, until when it holds, and when and by which chat it was used;
 * - `alert_chats`: the Telegram chats that joined by a link, with the name Telegram gave (first and last
 *   name, @username), so the console lists a manager by name; whether a chat gets alerts is still the
 *   alert settings' list of chats (`settings`).
 */
export const alertJoinCodesMigration = {
  async up(db: PastSchema) {
    await db.schema
      .createTable('alert_join_codes')
      .addColumn('code_hash', 'text', (c) => c.primaryKey())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .addColumn('chat_id', 'text')
      .execute();
    await db.schema.createIndex('alert_join_codes_expires_at').on('alert_join_codes').column('expires_at').execute();
    await db.schema
      .createTable('alert_chats')
      .addColumn('chat_id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('username', 'text')
      .addColumn('joined_at', 'bigint', (c) => c.notNull())
      .addColumn('invited_by', 'text', (c) => c.notNull())
      .execute();
  },
};
