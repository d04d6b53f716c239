/**
 * The `outbox` table holds two queues, each with its own repository: the GetCourse deliveries
 * (delivery-queue.ts) and the managers' lead alerts (alert-queue.ts, the rows of kind `alert`). What a
 * row goes through is the same in both and written here once: due, claimed by one worker under a lease,
 * then sent, due again later, or dead.
 */
import { randomUUID } from 'node:crypto';
import type { ExpressionBuilder, Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import type { OutboxFailure, StoredFailure } from '@/lib/outbox-failures';
import type { Database, OutboxStatus, OutboxTable } from '../db/schema';

export type { OutboxStatus };

export const ALERT_KIND = 'alert';

export type OutboxQueue = 'deliveries' | 'alerts';

/** A row as a worker claimed it; its result is recorded only while this claim (its token) still holds. */
export interface OutboxClaim {
  id: number;
  kind: string;
  leadId: number | null;
  dealNumber: string | null;
  payload: Record<string, unknown>;
  /** Including this one. */
  attempts: number;
  claimToken: string;
}

/** One row of a queue, as the console and the command line list it. */
export interface OutboxRow {
  id: number;
  kind: string;
  leadId: number | null;
  dealNumber: string | null;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: number;
  /** What the last failed attempt came to (its code and detail); null when none failed or it went. */
  lastError: StoredFailure | null;
  sentAt: number | null;
}

/** How a worker records what became of the rows it claimed; both queues' repositories have it. */
export interface ClaimResults {
  /** False when the claim was lost meanwhile (expired and taken over): the result is not recorded. */
  markSent(claim: Pick<OutboxClaim, 'id' | 'claimToken'>, now: number): Promise<boolean>;
  /** Back to `pending` until `retryAt`, or `dead` (kept for a person to look at) when `retryAt` is null. */
  markFailed(
    claim: Pick<OutboxClaim, 'id' | 'claimToken'>,
    failure: { code: OutboxFailure; detail: string | null; retryAt: number | null },
    now: number,
  ): Promise<boolean>;
}

/**
 * The verbs both queues answer, with one signature each, so a caller (an erasure, a release, the console)
 * treats them alike: what a queue takes in (`Entry`), gives back when queueing (`Queued`), shows of a lead
 * (`LeadRow`) and says of its health (`Health`) are its own. The transaction goes last, as everywhere in
 * server/repositories: required where the write only exists inside a caller's unit of work, optional where
 * the method also runs alone.
 */
export interface QueueVerbs<Entry, Queued, LeadRow, Health> extends ClaimResults {
  /** Queues `entry`, due as it says, inside the caller's transaction (its lead's: all or none); `withheld`: no worker claims it until released. */
  enqueue(entry: Entry, now: number, withheld: boolean, trx: Kysely<Database>): Promise<Queued>;
  /** The held rows of these leads `pending` again, inside the caller's transaction (their release); how many. */
  releaseWithheld(leadIds: readonly number[], now: number, trx: Kysely<Database>): Promise<number>;
  /**
   * Puts the dead rows (or only the one with id `only`) back in the queue, due now, with fresh attempts; how
   * many. In the caller's `trx` when given (a console action's, with its audit row).
   */
  requeueDead(now: number, only?: number, trx?: Kysely<Database>): Promise<number>;
  /** A lead's rows of this queue, in the order they were written. */
  forLead(leadId: number): Promise<LeadRow[]>;
  list(options?: { status?: OutboxStatus; limit?: number }): Promise<OutboxRow[]>;
  health(now: number): Promise<Health>;
  /** Deletes the rows of these leads inside the caller's transaction (an erasure's); the statuses they had. */
  deleteForLeads(leadIds: readonly number[], trx: Kysely<Database>): Promise<OutboxStatus[]>;
}

type Outbox = ExpressionBuilder<Database, 'outbox'>;

/** The rows of one queue. */
export function inQueue(eb: Outbox, queue: OutboxQueue) {
  return queue === 'alerts' ? eb('kind', '=', ALERT_KIND) : eb('kind', '!=', ALERT_KIND);
}

/** Pending and due, or claimed by a worker whose lease ran out (it died). */
export function isDue(eb: Outbox, now: number) {
  return eb.or([
    eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
    eb.and([eb('status', '=', 'sending'), eb('locked_until', '<', now)]),
  ]);
}

/** Claims the rows of `ids` (a list, or a query choosing them) that are still due, for `leaseMs`, in one statement. */
export async function claimRows(
  db: Kysely<Database>,
  ids: SelectQueryBuilder<Database, 'outbox', { id: number }> | readonly number[],
  now: number,
  leaseMs: number,
): Promise<OutboxClaim[]> {
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
    .map((row): OutboxClaim => ({
      id: row.id,
      kind: row.kind,
      leadId: leadIdOf(row),
      dealNumber: row.deal_number,
      payload: parsePayload(row.payload),
      attempts: row.attempts,
      claimToken,
    }))
    .sort((a, b) => a.id - b.id);
}

export function claimResults(db: Kysely<Database>): ClaimResults {
  return {
    async markSent(claim, now) {
      const result = await db
        .updateTable('outbox')
        .set({ status: 'sent', sent_at: now, updated_at: now, locked_until: null, claim_token: null, last_error_code: null, last_error_detail: null })
        .where('id', '=', claim.id)
        .where('claim_token', '=', claim.claimToken)
        .where('status', '=', 'sending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async markFailed(claim, { code, detail, retryAt }, now) {
      const result = await db
        .updateTable('outbox')
        .set({
          status: retryAt === null ? 'dead' : 'pending',
          next_attempt_at: retryAt ?? now,
          last_error_code: code,
          last_error_detail: detail === null ? null : detail.slice(0, 200),
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
  };
}

/**
 * The held rows of these leads (the GetCourse deliveries' `lead_id`, the alerts' `alert_lead_id`) back to
 * `pending`, due when they were planned (a delivery: when its lead came, so at once); inside the caller's
 * transaction (the release of their leads); how many.
 */
export async function releaseWithheldRows(trx: Kysely<Database>, queue: OutboxQueue, leadIds: readonly number[], now: number): Promise<number> {
  if (leadIds.length === 0) return 0;
  const result = await trx
    .updateTable('outbox')
    .set({ status: 'pending', updated_at: now })
    .where((eb) => inQueue(eb, queue))
    .where('status', '=', 'withheld')
    .where(queue === 'alerts' ? 'alert_lead_id' : 'lead_id', 'in', [...leadIds])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The queue's dead rows (or only the one with id `only`) due again now, with fresh attempts; how many. */
export async function requeueDeadRows(db: Kysely<Database>, queue: OutboxQueue, now: number, only?: number): Promise<number> {
  const result = await db
    .updateTable('outbox')
    .set({ status: 'pending', attempts: 0, next_attempt_at: now, updated_at: now })
    .where((eb) => inQueue(eb, queue))
    .where('status', '=', 'dead')
    .$if(only !== undefined, (query) => query.where('id', '=', only!))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function listRows(
  db: Kysely<Database>,
  queue: OutboxQueue,
  { status, limit = 100 }: { status?: OutboxStatus; limit?: number } = {},
): Promise<OutboxRow[]> {
  const rows = await db
    .selectFrom('outbox')
    .selectAll()
    .where((eb) => inQueue(eb, queue))
    .$if(status !== undefined, (query) => query.where('status', '=', status!))
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(outboxRow);
}

export function outboxRow(row: Selectable<OutboxTable>): OutboxRow {
  return {
    id: row.id,
    kind: row.kind,
    leadId: leadIdOf(row),
    dealNumber: row.deal_number,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastError: storedFailure(row),
    sentAt: row.sent_at,
  };
}

/** A row's stored failure, or null when it has none. */
export function storedFailure(row: Pick<Selectable<OutboxTable>, 'last_error_code' | 'last_error_detail'>): StoredFailure | null {
  return row.last_error_code === null ? null : { code: row.last_error_code, detail: row.last_error_detail };
}

/** An alert names its lead in `alert_lead_id`: `lead_id` is the GetCourse delivery's. */
function leadIdOf(row: Pick<Selectable<OutboxTable>, 'kind' | 'lead_id' | 'alert_lead_id'>): number | null {
  return row.kind === ALERT_KIND ? row.alert_lead_id : row.lead_id;
}

export function parsePayload(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
