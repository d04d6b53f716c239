import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/connection';
import type { AuditAction, AuditRepository } from './types';

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
