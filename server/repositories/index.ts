import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import { inWriteTransaction, type DatabaseHandle } from '../db/connection';
import type { Database, LeadsTable, OutboxStatus, OutboxTable } from '../db/schema';
import { sortByStart, windowProblem } from '../gift-schedule/windows';
import { dealNumberFor } from '../getcourse/deal-number';
import { DEAL_NUMBER_PREFIX_SETTING } from '../db/migrations/004-idempotency-and-deal-prefix';
import { createPopupsRepository } from './popups';
import type { ClaimedDelivery, NewDelivery, NewLead, OutboxRow, Repositories, StoredLead } from './types';

export type * from './types';

export function createRepositories(handle: DatabaseHandle): Repositories {
  const { db } = handle;
  const isPostgres = handle.dialect === 'postgres';

  async function queue(trx: Kysely<Database>, delivery: NewDelivery, leadId: number, now: number, dealPrefix: number): Promise<number> {
    const row = await trx
      .insertInto('outbox')
      .values({
        kind: delivery.kind,
        lead_id: leadId,
        deal_number: dealNumberFor(dealPrefix, leadId),
        payload: JSON.stringify(delivery.payload),
        status: 'pending',
        attempts: 0,
        next_attempt_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * The lead an idempotency key already made, read inside `trx`. On PostgreSQL an `on conflict do
   * nothing` waited for the other transaction holding the key; the row it committed is visible to this
   * next statement (read committed).
   */
  async function keyed(trx: Kysely<Database>, key: string) {
    return trx.selectFrom('leads').select(['id', 'request_hash']).where('idempotency_key', '=', key).executeTakeFirstOrThrow();
  }

  const leads: Repositories['leads'] = {
    accept: async (lead, delivery, idempotency) => {
      // Read before the transaction: SQLite's one connection is the transaction's until it ends.
      const dealPrefix = delivery ? await settings.dealNumberPrefix() : null;
      return inWriteTransaction(handle, async (trx) => {
        const inserted = await trx
          .insertInto('leads')
          .values({ ...leadRow(lead), idempotency_key: idempotency?.key ?? null, request_hash: idempotency?.requestHash ?? null })
          .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!inserted) {
          const first = await keyed(trx, idempotency!.key);
          return { replayed: true, leadId: first.id, outboxId: null, sameRequest: first.request_hash === idempotency!.requestHash };
        }
        const outboxId = delivery && dealPrefix !== null ? await queue(trx, delivery, inserted.id, lead.createdAt, dealPrefix) : null;
        return { replayed: false, leadId: inserted.id, outboxId, sameRequest: true };
      });
    },

    async findByIdempotencyKey(key) {
      const row = await db.selectFrom('leads').select(['id', 'request_hash']).where('idempotency_key', '=', key).executeTakeFirst();
      return row && { id: row.id, requestHash: row.request_hash };
    },

    async findLead(id) {
      const row = await db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirst();
      return row && storedLead(row);
    },
  };

  const outbox: Repositories['outbox'] = {
    async claimDue({ now, limit, leaseMs }) {
      const claimToken = randomUUID();
      // One statement: atomic on SQLite (a single writer), and on PostgreSQL the inner
      // FOR UPDATE SKIP LOCKED lets concurrent workers take disjoint rows without waiting on each other.
      const due = db
        .selectFrom('outbox')
        .select('id')
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
            eb.and([eb('status', '=', 'sending'), eb('locked_until', '<', now)]),
          ]),
        )
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit)
        .$if(isPostgres, (query) => query.forUpdate().skipLocked());
      const rows = await db
        .updateTable('outbox')
        .set((eb) => ({
          status: 'sending',
          attempts: eb('attempts', '+', 1),
          locked_until: now + leaseMs,
          claim_token: claimToken,
          updated_at: now,
        }))
        .where('id', 'in', due)
        .returningAll()
        .execute();
      return rows
        .map(
          (row): ClaimedDelivery => ({
            id: row.id,
            kind: row.kind,
            leadId: row.lead_id,
            dealNumber: row.deal_number,
            payload: parsePayload(row.payload),
            attempts: row.attempts,
            claimToken,
          }),
        )
        .sort((a, b) => a.id - b.id);
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
        .groupBy('status')
        .execute();
      const counts: Record<OutboxStatus, number> = { pending: 0, sending: 0, sent: 0, dead: 0 };
      for (const row of rows) counts[row.status] = Number(row.count);
      return counts;
    },

    async requeueDead(now) {
      const result = await db
        .updateTable('outbox')
        .set({ status: 'pending', attempts: 0, next_attempt_at: now, updated_at: now })
        .where('status', '=', 'dead')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async findForLead(leadId) {
      const rows = await db.selectFrom('outbox').selectAll().where('lead_id', '=', leadId).orderBy('id').execute();
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
  };

  const giftSchedule: Repositories['giftSchedule'] = {
    async list() {
      const rows = await db.selectFrom('gift_schedule_windows').selectAll().orderBy('start_at').orderBy('id').execute();
      return sortByStart(
        rows.map((row) => ({ id: row.id, giftNumber: row.gift_number, startTimestamp: row.start_at, endTimestamp: row.end_at })),
      );
    },

    add: (window, now) =>
      inWriteTransaction(handle, async (trx) => {
        // Two people adding windows at once must not both pass the overlap check.
        if (isPostgres) await sql`lock table gift_schedule_windows in share row exclusive mode`.execute(trx);
        const existing = await trx.selectFrom('gift_schedule_windows').select(['gift_number', 'start_at', 'end_at']).execute();
        const problem = windowProblem(
          window,
          existing.map((row) => ({ giftNumber: row.gift_number, startTimestamp: row.start_at, endTimestamp: row.end_at })),
        );
        if (problem) return { problem };
        const { id } = await trx
          .insertInto('gift_schedule_windows')
          .values({ gift_number: window.giftNumber, start_at: window.startTimestamp, end_at: window.endTimestamp, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { id };
      }),

    async remove(id) {
      const result = await db.deleteFrom('gift_schedule_windows').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
  };

  const rateLimit: Repositories['rateLimit'] = {
    async hit(bucket, windowStart) {
      // An atomic upsert: instances sharing the database count into the same row.
      const row = await db
        .insertInto('rate_limit_counters')
        .values({ bucket, window_start: windowStart, hits: 1 })
        .onConflict((conflict) =>
          conflict.columns(['bucket', 'window_start']).doUpdateSet({ hits: sql<number>`rate_limit_counters.hits + 1` }),
        )
        .returning('hits')
        .executeTakeFirstOrThrow();
      return Number(row.hits);
    },

    async release(bucket, windowStart) {
      await db
        .updateTable('rate_limit_counters')
        .set({ hits: sql<number>`hits - 1` })
        .where('bucket', '=', bucket)
        .where('window_start', '=', windowStart)
        .where('hits', '>', 0)
        .execute();
    },

    async pruneBefore(windowStart) {
      const result = await db.deleteFrom('rate_limit_counters').where('window_start', '<', windowStart).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };

  let dealPrefix: Promise<number> | null = null;
  const settings: Repositories['settings'] = {
    dealNumberPrefix() {
      dealPrefix ??= db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', DEAL_NUMBER_PREFIX_SETTING)
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.value))
        .catch((error) => {
          dealPrefix = null;
          throw error;
        });
      return dealPrefix;
    },
  };

  return { leads, outbox, giftSchedule, rateLimit, settings, popups: createPopupsRepository(handle) };
}

function leadRow(lead: NewLead) {
  return {
    created_at: lead.createdAt,
    form_id: lead.formId,
    product_name: lead.productName,
    event: lead.event,
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    utm_source: lead.utm.source ?? null,
    utm_medium: lead.utm.medium ?? null,
    utm_campaign: lead.utm.campaign ?? null,
    utm_content: lead.utm.content ?? null,
    utm_term: lead.utm.term ?? null,
    utm_id: lead.utm.id ?? null,
    page_path: lead.pagePath,
    variant_id: lead.variantId,
    block_id: lead.blockId,
    google_client_id: lead.googleClientId,
    yandex_client_id: lead.yandexClientId,
    consent_text_version: lead.consentTextVersion,
    client_address_hash: lead.clientAddressHash,
    is_spam: lead.isSpam ? 1 : 0,
    delivery_mode: lead.deliveryMode,
  };
}

function storedLead(row: Selectable<LeadsTable>): StoredLead {
  const utm: StoredLead['utm'] = {};
  const utmColumns = {
    source: row.utm_source,
    medium: row.utm_medium,
    campaign: row.utm_campaign,
    content: row.utm_content,
    term: row.utm_term,
    id: row.utm_id,
  };
  for (const [key, value] of Object.entries(utmColumns)) if (value !== null) utm[key as keyof typeof utm] = value;
  return {
    id: row.id,
    createdAt: row.created_at,
    formId: row.form_id,
    productName: row.product_name,
    event: row.event,
    name: row.name,
    email: row.email,
    phone: row.phone,
    utm,
    pagePath: row.page_path,
    variantId: row.variant_id,
    blockId: row.block_id,
    googleClientId: row.google_client_id,
    yandexClientId: row.yandex_client_id,
    consentTextVersion: row.consent_text_version,
    clientAddressHash: row.client_address_hash,
    isSpam: row.is_spam === 1,
    deliveryMode: row.delivery_mode as StoredLead['deliveryMode'],
  };
}


function outboxRow(row: Selectable<OutboxTable>): OutboxRow {
  return {
    id: row.id,
    kind: row.kind,
    leadId: row.lead_id,
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
