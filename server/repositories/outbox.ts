import { randomUUID } from 'node:crypto';
import { sql, type ExpressionBuilder, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { DatabaseHandle } from '../db/connection';
import type { Database, OutboxStatus, OutboxTable } from '../db/schema';
import type { AlertQueueHealth, ClaimedDelivery, OutboxRepository, OutboxRow, QueueState } from './types';

/** Lead alerts (issue 26): outbox rows of their own kind, sent by the alert worker, not counted as GetCourse's. */
export const ALERT_KIND = 'alert';
/** An alert row's payload: whether it was held for the working hours (nothing personal). */
export const alertPayload = (held: boolean) => JSON.stringify({ held });

export function createOutboxRepository(handle: DatabaseHandle): OutboxRepository {
  const { db } = handle;
  const isPostgres = handle.dialect === 'postgres';

  async function claim(ids: SelectQueryBuilder<Database, 'outbox', { id: number }> | readonly number[], now: number, leaseMs: number): Promise<ClaimedDelivery[]> {
    const claimToken = randomUUID();
    const rows = await db
      .updateTable('outbox')
      .set((eb) => ({
        status: 'sending',
        attempts: eb('attempts', '+', 1),
        locked_until: now + leaseMs,
        claim_token: claimToken,
        updated_at: now,
      }))
      .where('id', 'in', ids)
      // Checked again on the row itself: a row another worker claimed meanwhile is not taken twice.
      .where((eb) => isDue(eb, now))
      .returningAll()
      .execute();
    return rows
      .map(
        (row): ClaimedDelivery => ({
          id: row.id,
          kind: row.kind,
          leadId: row.kind === ALERT_KIND ? row.alert_lead_id : row.lead_id,
          dealNumber: row.deal_number,
          payload: parsePayload(row.payload),
          attempts: row.attempts,
          claimToken,
        }),
      )
      .sort((a, b) => a.id - b.id);
  }

  return {
    async claimDue({ now, limit, leaseMs }) {
      // One statement: atomic on SQLite (a single writer), and on PostgreSQL the inner
      // FOR UPDATE SKIP LOCKED lets concurrent workers take disjoint rows without waiting on each other.
      // Alerts (issue 26) have their own worker and never wait behind a GetCourse delivery.
      const dueRows = db
        .selectFrom('outbox')
        .select('id')
        .where('kind', '!=', ALERT_KIND)
        .where((eb) => isDue(eb, now))
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit)
        .$if(isPostgres, (query) => query.forUpdate().skipLocked());
      return claim(dueRows, now, leaseMs);
    },

    async markSent(claim, now) {
      const result = await db
        .updateTable('outbox')
        .set({ status: 'sent', sent_at: now, updated_at: now, locked_until: null, claim_token: null, last_error: null })
        .where('id', '=', claim.id)
        .where('claim_token', '=', claim.claimToken)
        .where('status', '=', 'sending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async markFailed(claim, { error, retryAt }, now) {
      const result = await db
        .updateTable('outbox')
        .set({
          status: retryAt === null ? 'dead' : 'pending',
          next_attempt_at: retryAt ?? now,
          last_error: error.slice(0, 500),
          updated_at: now,
          locked_until: null,
          claim_token: null,
        })
        .where('id', '=', claim.id)
        .where('claim_token', '=', claim.claimToken)
        .where('status', '=', 'sending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async countByStatus() {
      const rows = await db
        .selectFrom('outbox')
        .select(['status', (eb) => eb.fn.countAll<number | string>().as('count')])
        .where('kind', '!=', ALERT_KIND)
        .groupBy('status')
        .execute();
      const counts: Record<OutboxStatus, number> = { pending: 0, sending: 0, sent: 0, dead: 0 };
      for (const row of rows) counts[row.status] = Number(row.count);
      return counts;
    },

    async requeueDead(now, only) {
      // A dead delivery goes back due now with fresh attempts; its deal number stays, so GetCourse updates one deal.
      const result = await db
        .updateTable('outbox')
        .set({ status: 'pending', attempts: 0, next_attempt_at: now, updated_at: now })
        .where('status', '=', 'dead')
        .$if(only !== undefined, (query) => query.where('id', '=', only!))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async findForLead(leadId) {
      const rows = await db.selectFrom('outbox').selectAll().where('lead_id', '=', leadId).where('kind', '!=', ALERT_KIND).orderBy('id').execute();
      return rows.map(outboxRow);
    },

    async list({ status, limit = 100 } = {}) {
      const rows = await db
        .selectFrom('outbox')
        .selectAll()
        .$if(status !== undefined, (query) => query.where('status', '=', status!))
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map(outboxRow);
    },

    async health(now) {
      // One aggregate over the outbox, served by its status index.
      const row = await db
        .selectFrom('outbox')
        .select((eb) => [
          eb.fn.sum<number | string | null>(eb.case().when('status', 'in', ['pending', 'sending']).then(1).else(0).end()).as('waiting'),
          eb.fn
            .sum<number | string | null>(eb.case().when(eb.and([eb('status', 'in', ['pending', 'sending']), eb('attempts', '>', 0)])).then(1).else(0).end())
            .as('retrying'),
          eb.fn.sum<number | string | null>(eb.case().when('status', '=', 'dead').then(1).else(0).end()).as('dead'),
          eb.fn.min<number | string | null>(eb.case().when('status', 'in', ['pending', 'sending']).then(eb.ref('created_at')).end()).as('oldest'),
          eb.fn.max<number | string | null>('sent_at').as('last_sent'),
        ])
        .where('kind', '!=', ALERT_KIND)
        .executeTakeFirstOrThrow();
      const oldest = row.oldest === null ? null : Number(row.oldest);
      return {
        waiting: Number(row.waiting ?? 0),
        retrying: Number(row.retrying ?? 0),
        dead: Number(row.dead ?? 0),
        oldestWaitingSeconds: oldest === null ? 0 : Math.max(0, Math.floor((now - oldest) / 1000)),
        lastSuccessAt: row.last_sent === null ? null : Number(row.last_sent),
      };
    },

    async queueSnapshot(now) {
      const { rows } = await sql<{ status: string; retrying: number; n: number | string; oldest: number | string | null }>`
        select status, case when attempts > 0 then 1 else 0 end as retrying, count(*) as n, min(created_at) as oldest
        from outbox where status in ('pending', 'sending', 'dead') and kind <> ${ALERT_KIND}
        group by status, case when attempts > 0 then 1 else 0 end`.execute(db);
      const deliveries: Record<QueueState, number> = { waiting: 0, retrying: 0, sending: 0, dead: 0 };
      let oldest = Infinity;
      for (const row of rows) {
        const state: QueueState = row.status === 'pending' ? (Number(row.retrying) ? 'retrying' : 'waiting') : (row.status as QueueState);
        deliveries[state] += Number(row.n);
        if (state !== 'dead' && row.oldest !== null) oldest = Math.min(oldest, Number(row.oldest));
      }
      return { deliveries, oldestWaitingSeconds: oldest === Infinity ? 0 : Math.max(0, (now - oldest) / 1000) };
    },

    async dueAlertRecipients(now, limit) {
      const rows = await db
        .selectFrom('outbox')
        .select(['recipient', (eb) => eb.fn.min('next_attempt_at').as('due')])
        .where('kind', '=', ALERT_KIND)
        .where('recipient', 'is not', null)
        .where((eb) => isDue(eb, now))
        .groupBy('recipient')
        .orderBy('due')
        .limit(limit)
        .execute();
      return rows.map((row) => row.recipient!);
    },

    async dueAlerts(recipient, now) {
      const rows = await db
        .selectFrom('outbox')
        .select(['id', 'alert_lead_id', 'payload', 'created_at'])
        .where('kind', '=', ALERT_KIND)
        .where('recipient', '=', recipient)
        .where((eb) => isDue(eb, now))
        .orderBy('id')
        .limit(500)
        .execute();
      return rows.map((row) => ({ id: row.id, leadId: row.alert_lead_id, held: parsePayload(row.payload).held === true, createdAt: Number(row.created_at) }));
    },

    async claimAlerts(ids, { now, leaseMs }) {
      if (ids.length === 0) return [];
      return claim(ids, now, leaseMs);
    },

    async alertsForLead(leadId) {
      const rows = await db.selectFrom('outbox').selectAll().where('alert_lead_id', '=', leadId).where('kind', '=', ALERT_KIND).orderBy('id').execute();
      return rows.map((row) => {
        const { id, status, attempts, nextAttemptAt, lastError, sentAt } = outboxRow(row);
        return { id, recipient: row.recipient ?? '', status, attempts, nextAttemptAt, lastError, sentAt, held: parsePayload(row.payload).held === true };
      });
    },

    async followAlertSettings({ recipients, heldDueAt }, now) {
      const dropped = await db
        .deleteFrom('outbox')
        .where('kind', '=', ALERT_KIND)
        .where('status', 'in', ['pending', 'dead'])
        .$if(recipients.length > 0, (query) => query.where('recipient', 'not in', recipients))
        .executeTakeFirst();
      if (heldDueAt === null) return { moved: 0, dropped: Number(dropped.numDeletedRows) };
      const moved = await db
        .updateTable('outbox')
        .set({ next_attempt_at: heldDueAt, updated_at: now })
        .where('kind', '=', ALERT_KIND)
        .where('status', '=', 'pending')
        .where('attempts', '=', 0)
        .where('payload', '=', alertPayload(true))
        .executeTakeFirst();
      return { moved: Number(moved.numUpdatedRows), dropped: Number(dropped.numDeletedRows) };
    },

    async dropClaimedAlerts(claims) {
      if (claims.length === 0) return 0;
      const result = await db
        .deleteFrom('outbox')
        .where('kind', '=', ALERT_KIND)
        .where('status', '=', 'sending')
        .where((eb) => eb.or(claims.map((claim) => eb.and([eb('id', '=', claim.id), eb('claim_token', '=', claim.claimToken)]))))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async requeueDeadAlerts(now) {
      const result = await db
        .updateTable('outbox')
        .set({ status: 'pending', attempts: 0, next_attempt_at: now, updated_at: now })
        .where('kind', '=', ALERT_KIND)
        .where('status', '=', 'dead')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async alertHealth() {
      const rows = await db
        .selectFrom('outbox')
        .select(['status', 'recipient', (eb) => eb.fn.countAll<number | string>().as('count')])
        .where('kind', '=', ALERT_KIND)
        .where('status', 'in', ['pending', 'sending', 'dead'])
        .groupBy(['status', 'recipient'])
        .execute();
      const health: AlertQueueHealth = { waiting: 0, dead: 0, deadByChannel: { telegram: 0, email: 0 } };
      for (const row of rows) {
        const count = Number(row.count);
        if (row.status !== 'dead') {
          health.waiting += count;
          continue;
        }
        health.dead += count;
        const channel = row.recipient?.startsWith('email:') ? 'email' : 'telegram';
        health.deadByChannel[channel] += count;
      }
      return health;
    },
  };
}

/** Pending and due, or claimed by a worker whose lease ran out (it died). */
function isDue(eb: ExpressionBuilder<Database, 'outbox'>, now: number) {
  return eb.or([
    eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
    eb.and([eb('status', '=', 'sending'), eb('locked_until', '<', now)]),
  ]);
}

function outboxRow(row: Selectable<OutboxTable>): OutboxRow {
  return {
    id: row.id,
    kind: row.kind,
    leadId: row.kind === ALERT_KIND ? row.alert_lead_id : row.lead_id,
    dealNumber: row.deal_number,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    sentAt: row.sent_at,
  };
}

function parsePayload(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
