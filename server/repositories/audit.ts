/** `admin_audit_log`: the console's journal: who did what, with sign-in failures folded into one row a window. */
import type { Database } from '../db/schema';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/connection';

/**
 * Sign-in attempts that are not a sign-in: many of one kind, tried e-mail, client and lockout window
 * are one audit row with their count (a flood leaves a few rows). `sign_in_refused`: the e-mail had too
 * many failures from the client's network; `sign_in_refused_address`: the client had (whatever e-mails it
 * tries: one row); `sign_in_refused_everywhere`: the e-mail had, from all networks together (one row).
 */
export const foldedAuditActions = ['sign_in_failed', 'sign_in_refused', 'sign_in_refused_address', 'sign_in_refused_everywhere'] as const;
export type FoldedAuditAction = (typeof foldedAuditActions)[number];

export const auditActions = [
  'sign_in',
  ...foldedAuditActions,
  'sign_out',
  'export',
  'resend',
  'resend_all',
  'erase',
  'spam',
  'not_spam',
  'withheld_release',
  'withheld_delete',
  'schedule_add',
  'schedule_edit',
  'schedule_remove',
  'popup_save',
  'popup_rollback',
  'alerts_save',
  'alerts_test',
  'popup_variants_save',
  'popup_test_start',
  'popup_test_stop',
  'popup_test_decide',
  'operator_invite',
  'operator_join',
  'operator_remove',
  'operator_invite_withdraw',
  'operator_rename',
  'alerts_join_link',
  'alerts_joined',
  'alerts_chat_remove',
  'page_test_create',
  'page_test_edit',
  'page_test_start',
  'page_test_stop',
  'page_test_keep',
  'price_save',
  'price_restore',
  'price_cancel',
  'content_save',
  'content_restore',
  'publication_cancel',
  'publication_reschedule',
  'autopilot_switch',
  'autopilot_approve',
  'autopilot_dismiss',
  'autopilot_pattern_add',
  'autopilot_pattern_remove',
  'autopilot_retest',
] as const;
export type AuditAction = (typeof auditActions)[number];

export interface AuditEntry {
  id: number;
  /** When it happened; for a folded row, the first of its attempts. */
  at: number;
  /** When the latest attempt of a folded row came; `at` for every other row. */
  lastAt: number;
  /** How many attempts a folded row stands for; 1 for every other row. */
  count: number;
  actor: string | null;
  action: AuditAction;
  subject: string | null;
  details: Record<string, unknown> | null;
}

export interface AuditRepository {
  /**
   * One row of who did what. `trx`: the transaction of the change it records, so the change and its row
   * commit or roll back together (every console action: server/admin/operator-action.ts).
   */
  record(
    entry: { actor: string | null; action: AuditAction; subject?: string | null; details?: Record<string, unknown> },
    now?: number,
    trx?: Kysely<Database>,
  ): Promise<void>;
  /**
   * Counts one attempt into the row of `foldKey` (made with this actor and action by the first), in one
   * atomic statement, so attempts at once from several instances add up in one row.
   */
  fold(entry: { actor: string | null; action: FoldedAuditAction; foldKey: string }, now: number): Promise<void>;
  /** Deletes the rows from before `at` (the retention); how many went. */
  deleteBefore(at: number): Promise<number>;
  /** Newest first, `limit` entries older than the entry `before` (an id), when given. */
  list(options?: { before?: number; limit?: number }): Promise<AuditEntry[]>;
}

export function createAuditRepository(handle: DatabaseHandle): AuditRepository {
  const { db } = handle;
  return {
    async record(entry, now = Date.now(), trx = db) {
      await trx
        .insertInto('admin_audit_log')
        .values({
          at: now,
          actor: entry.actor,
          action: entry.action,
          subject: entry.subject ?? null,
          details: entry.details ? JSON.stringify(entry.details) : null,
        })
        .execute();
    },

    async fold(entry, now) {
      await db
        .insertInto('admin_audit_log')
        .values({ at: now, last_at: now, actor: entry.actor, action: entry.action, subject: null, details: null, fold_key: entry.foldKey, count: 1 })
        .onConflict((conflict) =>
          conflict.column('fold_key').doUpdateSet({
            count: sql<number>`admin_audit_log.count + 1`,
            // Attempts of one row may be counted out of order: the latest stays.
            last_at: sql<number>`case when admin_audit_log.last_at > excluded.last_at then admin_audit_log.last_at else excluded.last_at end`,
          }),
        )
        .execute();
    },

    async deleteBefore(at) {
      const result = await db.deleteFrom('admin_audit_log').where('at', '<', at).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async list({ before, limit = 100 } = {}) {
      const rows = await db
        .selectFrom('admin_audit_log')
        .select(['id', 'at', 'last_at', 'count', 'actor', 'action', 'subject', 'details'])
        .$if(before !== undefined, (query) => query.where('id', '<', before!))
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        at: Number(row.at),
        lastAt: Number(row.last_at ?? row.at),
        count: Number(row.count),
        actor: row.actor,
        action: row.action as AuditAction,
        subject: row.subject,
        details: row.details ? (JSON.parse(row.details) as Record<string, unknown>) : null,
      }));
    },
  };
}
