/**
 * `alert_join_codes`, `alert_chats`: managers joining the lead alerts by a link to the bot. A code (only
 * its SHA-256 here) is used once, before it expires; the chat that used it goes on the alert settings'
 * list of Telegram chats (`settings`, through its repository) with the name Telegram gave, and the journal
 * gets its row: one unit of work.
 */
import type { Kysely } from 'kysely';
import { MAX_RECIPIENTS } from '../rules/alert-settings';
import { inCallersTransaction, inWriteTransaction, type DatabaseHandle } from '../db/connection';
import type { Database } from '../db/schema';
import type { AuditRepository } from './audit';
import type { SettingsRepository } from './settings';

export interface AlertChat {
  chatId: string;
  /** «Анна Петрова» (server/alerts/join-code.ts telegramDisplayName). */
  name: string;
  /** Telegram's @username without the @, when the manager has one. */
  username: string | null;
  joinedAt: number;
  /** The operator who made the link. */
  invitedBy: string;
}

export interface NewJoinCode {
  codeHash: string;
  createdBy: string;
  expiresAt: number;
}

export interface JoiningChat {
  chatId: string;
  name: string;
  username: string | null;
}

/** What became of a `/start <code>`: `full` when the list has MAX_RECIPIENTS chats already (the code stays unused). */
export type JoinOutcome = { joined: AlertChat } | { refused: 'unknown' | 'expired' | 'used' | 'full' };

export interface AlertJoinsRepository {
  /** A new code; in `trx`: the console action's, with its journal row. */
  createCode(code: NewJoinCode, now: number, trx?: Kysely<Database>): Promise<void>;
  /** Whether any code can still be used at `now` (the bot's updates are read only then). */
  hasOpenCodes(now: number): Promise<boolean>;
  /**
   * A chat sent `/start <code>`: the code used up, the chat on the list of alert chats (once), its name
   * kept, the journal's row, in one transaction. A chat already on the list uses the code all the same
   * and has its name renewed.
   */
  join(codeHash: string, chat: JoiningChat, now: number): Promise<JoinOutcome>;
  /** The chats that joined by a link, by name. In `trx` when given: read inside the caller's write. */
  chats(trx?: Kysely<Database>): Promise<AlertChat[]>;
  /** Deletes the codes used or expired before `at` (the retention; «Журнал» keeps their story); how many went. */
  deleteSpentCodesBefore(at: number): Promise<number>;
  /** Forgets a chat's name (it was taken off the list); in `trx`: the console action's. */
  forget(chatId: string, trx?: Kysely<Database>): Promise<void>;
}

export function createAlertJoinsRepository(handle: DatabaseHandle, deps: { settings: SettingsRepository; audit: AuditRepository }): AlertJoinsRepository {
  const { db } = handle;
  return {
    createCode: (code, now, trx) =>
      inCallersTransaction(handle, trx, async (tx) => {
        await tx
          .insertInto('alert_join_codes')
          .values({ code_hash: code.codeHash, created_by: code.createdBy, created_at: now, expires_at: code.expiresAt, used_at: null, chat_id: null })
          .execute();
      }),

    async hasOpenCodes(now) {
      const row = await db
        .selectFrom('alert_join_codes')
        .select('code_hash')
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    join: (codeHash, chat, now) =>
      inWriteTransaction(handle, async (trx): Promise<JoinOutcome> => {
        const code = await trx
          .selectFrom('alert_join_codes')
          .select(['created_by', 'expires_at', 'used_at'])
          .where('code_hash', '=', codeHash)
          .executeTakeFirst();
        if (!code) return { refused: 'unknown' };
        if (code.used_at !== null) return { refused: 'used' };
        if (Number(code.expires_at) <= now) return { refused: 'expired' };
        const settings = await deps.settings.alertSettings(trx);
        const listed = settings.telegramChats.includes(chat.chatId);
        if (!listed && settings.telegramChats.length >= MAX_RECIPIENTS) return { refused: 'full' };
        // Conditional: of two instances reading the same update, one uses the code.
        const used = await trx
          .updateTable('alert_join_codes')
          .set({ used_at: now, chat_id: chat.chatId })
          .where('code_hash', '=', codeHash)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(used.numUpdatedRows) !== 1) return { refused: 'used' };
        if (!listed) await deps.settings.saveAlertSettings({ ...settings, telegramChats: [...settings.telegramChats, chat.chatId] }, trx);
        const joined: AlertChat = { chatId: chat.chatId, name: chat.name, username: chat.username, joinedAt: now, invitedBy: code.created_by };
        await trx
          .insertInto('alert_chats')
          .values({ chat_id: joined.chatId, name: joined.name, username: joined.username, joined_at: now, invited_by: joined.invitedBy })
          .onConflict((conflict) =>
            conflict.column('chat_id').doUpdateSet({ name: joined.name, username: joined.username, joined_at: now, invited_by: joined.invitedBy }),
          )
          .execute();
        await deps.audit.record({ actor: null, action: 'alerts_joined', subject: joined.name, details: { invitedBy: joined.invitedBy } }, now, trx);
        return { joined };
      }),

    async chats(trx = db) {
      const rows = await trx.selectFrom('alert_chats').select(['chat_id', 'name', 'username', 'joined_at', 'invited_by']).orderBy('name').execute();
      return rows.map((row) => ({ chatId: row.chat_id, name: row.name, username: row.username, joinedAt: Number(row.joined_at), invitedBy: row.invited_by }));
    },

    async deleteSpentCodesBefore(at) {
      const result = await db
        .deleteFrom('alert_join_codes')
        .where((eb) => eb.or([eb('used_at', '<', at), eb('expires_at', '<', at)]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    forget: (chatId, trx) =>
      inCallersTransaction(handle, trx, async (tx) => {
        await tx.deleteFrom('alert_chats').where('chat_id', '=', chatId).execute();
      }),
  };
}
