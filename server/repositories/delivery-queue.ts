/**
 * `outbox`, the rows of every kind but `alert`: the GetCourse deliveries of leads (the alerts are
 * alert-queue.ts's; what both queues share is in outbox-rows.ts).
 */
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/connection';
import type { StoredFailure } from '@/lib/outbox-failures';
import type { Database, OutboxStatus } from '../db/schema';
import {
  ALERT_KIND,
  claimResults,
  claimRows,
  inQueue,
  isDue,
  listRows,
  outboxRow,
  releaseWithheldRows,
  requeueDeadRows,
  storedFailure,
  type QueueVerbs,
  type OutboxClaim,
  type OutboxRow,
} from './outbox-rows';

/** What the outbox delivers: a lead as a GetCourse deal. */
export type DeliveryKind = 'deal';

/** A delivery to queue with its subject; `payload` is kind-specific and holds no personal data. */
export interface NewDelivery {
  kind: DeliveryKind;
  payload: Record<string, unknown>;
}

export interface DeliveryHealth {
  /** Not delivered yet and still being tried: pending (first try or a retry) or being sent now. */
  waiting: number;
  /** Of the waiting ones, those that failed at least once. */
  retrying: number;
  /** Gave up after every attempt: a person has to look (re-send from the console). */
  dead: number;
  /** Age of the oldest waiting delivery; 0 when none waits. */
  oldestWaitingSeconds: number;
  /** When a delivery last reached GetCourse; null when none ever did. */
  lastSuccessAt: number | null;
}

/**
 * The deliveries that wait after a failed attempt, by what failed (the stored error): how many, and
 * when the soonest of them is tried again. What «Заявки» says instead of pretending they went.
 */
export interface RetryingDeliveries {
  lastError: StoredFailure;
  count: number;
  nextAttemptAt: number;
}

/** The outbox as Prometheus sees it: waiting (never tried), retrying (pending after a failure), sending, dead. */
export type QueueState = 'waiting' | 'retrying' | 'sending' | 'dead';

export interface QueueSnapshot {
  deliveries: Record<QueueState, number>;
  /** Age of the oldest delivery not sent yet and not dead (waiting, retrying or being sent); 0 when none. */
  oldestWaitingSeconds: number;
}

/** The GetCourse deliveries of the outbox (every kind but `alert`). */
export interface DeliveryQueueRepository extends QueueVerbs<NewDelivery & { leadId: number; dealNumber: string }, number, OutboxRow, DeliveryHealth> {
  /**
   * Takes up to `limit` due deliveries for this worker: pending ones whose time has come, and
   * `sending` ones whose claim expired (their worker died). No two workers get the same row.
   */
  claimDue(options: { now: number; limit: number; leaseMs: number }): Promise<OutboxClaim[]>;
  countByStatus(): Promise<Record<OutboxStatus, number>>;
  /** The deliveries pending after a failed attempt, one entry an error (its code and detail), the most of them first. */
  retrying(): Promise<RetryingDeliveries[]>;
  queueSnapshot(now: number): Promise<QueueSnapshot>;
  /** Whether a delivery of the lead carried this deal number (the site sent it), read inside the caller's transaction (a deal report's). */
  hasDealNumber(leadId: number, dealNumber: string, trx: Kysely<Database>): Promise<boolean>;
}

/** The GetCourse deliveries of the lead an outer query on `leads` is at (the leads list's delivery column and filter). */
export function deliveriesOfLead(eb: ExpressionBuilder<Database, 'leads'>) {
  return eb.selectFrom('outbox').whereRef('outbox.lead_id', '=', 'leads.id').where('outbox.kind', '!=', ALERT_KIND);
}

export function createDeliveryQueueRepository(handle: DatabaseHandle): DeliveryQueueRepository {
  const { db } = handle;
  const isPostgres = handle.dialect === 'postgres';

  return {
    async enqueue({ kind, payload, leadId, dealNumber }, now, withheld, trx) {
      const row = await trx
        .insertInto('outbox')
        .values({
          kind,
          lead_id: leadId,
          deal_number: dealNumber,
          payload: JSON.stringify(payload),
          status: withheld ? 'withheld' : 'pending',
          attempts: 0,
          next_attempt_at: now,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async claimDue({ now, limit, leaseMs }) {
      // One statement: atomic on SQLite (a single writer), and on PostgreSQL the inner
      // FOR UPDATE SKIP LOCKED lets concurrent workers take disjoint rows without waiting on each other.
      // Alerts have their own worker and never wait behind a GetCourse delivery.
      const dueRows = db
        .selectFrom('outbox')
        .select('id')
        .where((eb) => inQueue(eb, 'deliveries'))
        .where((eb) => isDue(eb, now))
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit)
        .$if(isPostgres, (query) => query.forUpdate().skipLocked());
      return claimRows(db, dueRows, now, leaseMs);
    },

    ...claimResults(db),

    releaseWithheld: (leadIds, now, trx) => releaseWithheldRows(trx, 'deliveries', leadIds, now),

    async countByStatus() {
      const rows = await db
        .selectFrom('outbox')
        .select(['status', (eb) => eb.fn.countAll<number | string>().as('count')])
        .where((eb) => inQueue(eb, 'deliveries'))
        .groupBy('status')
        .execute();
      const counts: Record<OutboxStatus, number> = { pending: 0, sending: 0, sent: 0, dead: 0, withheld: 0 };
      for (const row of rows) counts[row.status] = Number(row.count);
      return counts;
    },

    // A dead delivery goes back due now with fresh attempts; its deal number stays, so GetCourse updates one deal.
    requeueDead: (now, only, trx = db) => requeueDeadRows(trx, 'deliveries', now, only),

    async forLead(leadId) {
      const rows = await db
        .selectFrom('outbox')
        .selectAll()
        .where('lead_id', '=', leadId)
        .where((eb) => inQueue(eb, 'deliveries'))
        .orderBy('id')
        .execute();
      return rows.map(outboxRow);
    },

    list: (options) => listRows(db, 'deliveries', options),

    async health(now) {
      // One aggregate over the outbox, served by its status index.
      const row = await db
        .selectFrom('outbox')
        .select((eb) => [
          eb.fn.sum<number | string | null>(eb.case().when('status', 'in', ['pending', 'sending']).then(1).else(0).end()).as('waiting'),
          eb.fn
            .sum<number | string | null>(
              eb
                .case()
                .when(eb.and([eb('status', 'in', ['pending', 'sending']), eb('attempts', '>', 0)]))
                .then(1)
                .else(0)
                .end(),
            )
            .as('retrying'),
          eb.fn.sum<number | string | null>(eb.case().when('status', '=', 'dead').then(1).else(0).end()).as('dead'),
          eb.fn.min<number | string | null>(eb.case().when('status', 'in', ['pending', 'sending']).then(eb.ref('created_at')).end()).as('oldest'),
          eb.fn.max<number | string | null>('sent_at').as('last_sent'),
        ])
        .where((eb) => inQueue(eb, 'deliveries'))
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

    async retrying() {
      const rows = await db
        .selectFrom('outbox')
        .select((eb) => ['last_error_code', 'last_error_detail', eb.fn.countAll<number | string>().as('count'), eb.fn.min('next_attempt_at').as('next')])
        .where((eb) => inQueue(eb, 'deliveries'))
        .where('status', '=', 'pending')
        .where('attempts', '>', 0)
        .where('last_error_code', 'is not', null)
        .groupBy(['last_error_code', 'last_error_detail'])
        .execute();
      return rows
        .map((row) => ({ lastError: storedFailure(row)!, count: Number(row.count), nextAttemptAt: Number(row.next) }))
        .sort((a, b) => b.count - a.count || a.nextAttemptAt - b.nextAttemptAt);
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

    async hasDealNumber(leadId, dealNumber, trx) {
      const row = await trx
        .selectFrom('outbox')
        .select('id')
        .where('lead_id', '=', leadId)
        .where('deal_number', '=', dealNumber)
        .where((eb) => inQueue(eb, 'deliveries'))
        .executeTakeFirst();
      return row !== undefined;
    },

    async deleteForLeads(leadIds, trx) {
      if (leadIds.length === 0) return [];
      const rows = await trx
        .deleteFrom('outbox')
        .where('lead_id', 'in', [...leadIds])
        .where((eb) => inQueue(eb, 'deliveries'))
        .returning('status')
        .execute();
      return rows.map((row) => row.status);
    },
  };
}
