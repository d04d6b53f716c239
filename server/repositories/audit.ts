import type { DatabaseHandle } from '../db/connection';
import type { AuditAction, AuditRepository } from './types';

export function createAuditRepository(handle: DatabaseHandle): AuditRepository {
  const { db } = handle;
  return {
    async record(entry, now = Date.now()) {
      await db
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

    async list({ before, limit = 100 } = {}) {
      const rows = await db
        .selectFrom('admin_audit_log')
        .selectAll()
        .$if(before !== undefined, (query) => query.where('id', '<', before!))
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        at: Number(row.at),
        actor: row.actor,
        action: row.action as AuditAction,
        subject: row.subject,
        details: row.details ? (JSON.parse(row.details) as Record<string, unknown>) : null,
      }));
    },
  };
}
