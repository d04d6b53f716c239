/**
 * `outbox`, the rows of kind `alert`: the managers' alerts of new leads (the GetCourse deliveries are
 * delivery-queue.ts's; what both queues share is in outbox-rows.ts).
 */
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/connection';
import type { Database } from '../db/schema';
import {
  ALERT_KIND,
  claimResults,
  claimRows,
  inQueue,
  isDue,
  listRows,
  outboxRow,
  parsePayload,
  releaseWithheldRows,
  requeueDeadRows,
  type QueueVerbs,
  type OutboxClaim,
  type OutboxRow,
} from './outbox-rows';

/**
 * An alert of a new lead to one recipient, queued in the lead's transaction. `held`: the lead came
 * outside working hours and its alert waits for the opening (`dueAt`), to go out in that night's digest.
 */
/** The most due alerts of one recipient read at once (and so the most one night's digest stands for). */
export const DUE_ALERTS_A_RECIPIENT = 5_000;

export interface NewAlert {
  /** `telegram:<chat>` or `email:<address>` (server/rules/alert-settings.ts `recipientKey`). */
  recipient: string;
  held: boolean;
  dueAt: number;
}

/**
 * A message to the team that is not a lead's (a split test's verdict): its words, written when it was
 * queued (nothing personal), and a link to the console. Sent alone, never in a digest.
 */
export interface AlertNotice {
  text: string;
  link: string | null;
}

/** A notice to one recipient, queued in the caller's transaction (the verdict's, once per test). */
export interface NewNotice extends NewAlert {
  notice: AlertNotice;
}

/** A due alert of one recipient, as the alert worker chooses its next message from them. */
export interface DueAlertRow {
  id: number;
  leadId: number | null;
  held: boolean;
  createdAt: number;
  /** A notice (not a lead's alert): its words, else null. */
  notice: AlertNotice | null;
}

/** One alert of a lead, as the console's lead page shows it. */
export interface LeadAlertRow extends Omit<OutboxRow, 'kind' | 'leadId' | 'dealNumber'> {
  /** `telegram:<chat>` or `email:<address>` (server/rules/alert-settings.ts). */
  recipient: string;
  /** Written outside the working hours: it waits for them (`nextAttemptAt`), not for a retry. */
  held: boolean;
}

/** Alerts in the shared database: waiting (pending or being sent) and dead, by channel. */
export interface AlertQueueHealth {
  waiting: number;
  dead: number;
  deadByChannel: { telegram: number; email: number };
}

/**
 * The managers' lead alerts: outbox rows of kind `alert`, one a lead and recipient, sent by the alert
 * worker and never counted as GetCourse's deliveries. The verbs both queues share (outbox-rows.ts) answer
 * as the deliveries' do; `health(now)` takes the clock for that one signature and needs none (it reports no
 * age), and a held alert released is due when it was planned.
 */
export interface AlertQueueRepository extends QueueVerbs<{ leadId: number; alerts: readonly NewAlert[] }, void, LeadAlertRow, AlertQueueHealth> {
  /** Queues notices (no lead) inside the caller's transaction. */
  enqueueNotices(notices: readonly NewNotice[], now: number, trx: Kysely<Database>): Promise<void>;
  /** The recipients with due alerts, oldest due first. */
  dueRecipients(now: number, limit: number): Promise<string[]>;
  /** A recipient's due alerts (pending and due, or claimed by a worker whose lease ran out). */
  due(recipient: string, now: number): Promise<DueAlertRow[]>;
  /** Claims these alerts (those still due) for this worker, under a lease as the deliveries' claims. */
  claim(ids: readonly number[], options: { now: number; leaseMs: number }): Promise<OutboxClaim[]>;
  /**
   * Deletes claimed alerts that are not to be sent after all (their recipient was removed in the console
   * after they were queued, or their lead was erased), so no lead's page shows them delivered; only those
   * this claim still holds. How many went.
   */
  dropClaimed(claims: readonly Pick<OutboxClaim, 'id' | 'claimToken'>[]): Promise<number>;
  /**
   * After the alert settings changed: the alerts held for the working hours and not yet tried are due at
   * `heldDueAt` (left as they are when null: no working day), and the waiting or dead alerts to a
   * recipient not in `recipients` are deleted. How many moved and how many went. In the caller's `trx` when
   * given (the save of the settings it follows).
   */
  followSettings(
    change: { recipients: readonly string[]; heldDueAt: number | null },
    now: number,
    trx?: Kysely<Database>,
  ): Promise<{ moved: number; dropped: number }>;
}

/** A notice's words from a row's payload; null for a lead's alert. */
export function noticeOf(payload: Record<string, unknown>): AlertNotice | null {
  const notice = payload.notice as { text?: unknown; link?: unknown } | undefined;
  if (!notice || typeof notice.text !== 'string') return null;
  return { text: notice.text, link: typeof notice.link === 'string' ? notice.link : null };
}

/** An alert row's payload: whether it was held for the working hours (nothing personal). */
const alertPayload = (held: boolean) => JSON.stringify({ held });

export function createAlertQueueRepository(handle: DatabaseHandle): AlertQueueRepository {
  const { db } = handle;

  return {
    async enqueue({ leadId, alerts }, now, withheld, trx) {
      if (alerts.length === 0) return;
      await trx
        .insertInto('outbox')
        .values(
          alerts.map((alert) => ({
            kind: ALERT_KIND,
            lead_id: null,
            alert_lead_id: leadId,
            deal_number: null,
            recipient: alert.recipient,
            payload: alertPayload(alert.held),
            status: withheld ? ('withheld' as const) : ('pending' as const),
            attempts: 0,
            next_attempt_at: alert.dueAt,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    },

    async enqueueNotices(notices, now, trx) {
      if (notices.length === 0) return;
      await trx
        .insertInto('outbox')
        .values(
          notices.map((notice) => ({
            kind: ALERT_KIND,
            lead_id: null,
            alert_lead_id: null,
            deal_number: null,
            recipient: notice.recipient,
            payload: JSON.stringify({ held: notice.held, notice: notice.notice }),
            status: 'pending' as const,
            attempts: 0,
            next_attempt_at: notice.dueAt,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    },

    async dueRecipients(now, limit) {
      const rows = await db
        .selectFrom('outbox')
        .select(['recipient', (eb) => eb.fn.min('next_attempt_at').as('due')])
        .where((eb) => inQueue(eb, 'alerts'))
        .where('recipient', 'is not', null)
        .where((eb) => isDue(eb, now))
        .groupBy('recipient')
        .orderBy('due')
        .limit(limit)
        .execute();
      return rows.map((row) => row.recipient!);
    },

    async due(recipient, now) {
      const rows = await db
        .selectFrom('outbox')
        .select(['id', 'alert_lead_id', 'payload', 'created_at'])
        .where((eb) => inQueue(eb, 'alerts'))
        .where('recipient', '=', recipient)
        .where((eb) => isDue(eb, now))
        .orderBy('id')
        // A night's digest carries all its held alerts in one message: room for a night far beyond the
        // school's (a few hundred leads), bounded so a flood never loads the whole table.
        .limit(DUE_ALERTS_A_RECIPIENT)
        .execute();
      return rows.map((row) => {
        const payload = parsePayload(row.payload);
        return { id: row.id, leadId: row.alert_lead_id, held: payload.held === true, createdAt: Number(row.created_at), notice: noticeOf(payload) };
      });
    },

    async claim(ids, { now, leaseMs }) {
      if (ids.length === 0) return [];
      return claimRows(db, ids, now, leaseMs);
    },

    ...claimResults(db),

    releaseWithheld: (leadIds, now, trx) => releaseWithheldRows(trx, 'alerts', leadIds, now),

    async dropClaimed(claims) {
      if (claims.length === 0) return 0;
      const result = await db
        .deleteFrom('outbox')
        .where((eb) => inQueue(eb, 'alerts'))
        .where('status', '=', 'sending')
        .where((eb) => eb.or(claims.map((claim) => eb.and([eb('id', '=', claim.id), eb('claim_token', '=', claim.claimToken)]))))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    requeueDead: (now, only, trx = db) => requeueDeadRows(trx, 'alerts', now, only),

    async health() {
      const rows = await db
        .selectFrom('outbox')
        .select(['status', 'recipient', (eb) => eb.fn.countAll<number | string>().as('count')])
        .where((eb) => inQueue(eb, 'alerts'))
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

    async forLead(leadId) {
      const rows = await db
        .selectFrom('outbox')
        .selectAll()
        .where('alert_lead_id', '=', leadId)
        .where((eb) => inQueue(eb, 'alerts'))
        .orderBy('id')
        .execute();
      return rows.map((row) => {
        const { id, status, attempts, nextAttemptAt, lastError, sentAt } = outboxRow(row);
        return { id, recipient: row.recipient ?? '', status, attempts, nextAttemptAt, lastError, sentAt, held: parsePayload(row.payload).held === true };
      });
    },

    list: (options) => listRows(db, 'alerts', options),

    async followSettings({ recipients, heldDueAt }, now, trx = db) {
      const dropped = await trx
        .deleteFrom('outbox')
        .where((eb) => inQueue(eb, 'alerts'))
        .where('status', 'in', ['pending', 'dead'])
        .$if(recipients.length > 0, (query) => query.where('recipient', 'not in', recipients))
        .executeTakeFirst();
      if (heldDueAt === null) return { moved: 0, dropped: Number(dropped.numDeletedRows) };
      const moved = await trx
        .updateTable('outbox')
        .set({ next_attempt_at: heldDueAt, updated_at: now })
        .where((eb) => inQueue(eb, 'alerts'))
        .where('status', '=', 'pending')
        .where('attempts', '=', 0)
        .where('payload', '=', alertPayload(true))
        .executeTakeFirst();
      return { moved: Number(moved.numUpdatedRows), dropped: Number(dropped.numDeletedRows) };
    },

    // An erasure's: nothing of the visitor stays.
    async deleteForLeads(leadIds, trx) {
      if (leadIds.length === 0) return [];
      const rows = await trx
        .deleteFrom('outbox')
        .where((eb) => inQueue(eb, 'alerts'))
        .where('alert_lead_id', 'in', [...leadIds])
        .returning('status')
        .execute();
      return rows.map((row) => row.status);
    },
  };
}
