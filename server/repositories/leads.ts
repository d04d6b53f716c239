/**
 * `leads` as an aggregate: the leads the site accepted and every write of them (accepting, marking spam,
 * releasing the held, erasing, anonymizing), with the reads that go with a lead itself (by id, by key,
 * inside an erasure's or a deal report's transaction). Accepting a lead is a unit of work with its
 * GetCourse delivery and its alerts: this repository opens the transaction and hands it to each queue's
 * repository (the `outbox` table's two). The console's lists and counts over the same table are its read
 * model, lead-queries.ts: one table, two files, the writes all here.
 */
import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import { inCallersTransaction, inWriteTransaction, type DatabaseHandle } from '../db/connection';
import type { Database, LeadsTable } from '../db/schema';
import { dealNumberFor } from '../rules/deal-number';
import type { DealLeadCopies } from './deals';
import type { AlertQueueRepository, NewAlert } from './alert-queue';
import { deliveriesOfLead, type DeliveryQueueRepository, type NewDelivery } from './delivery-queue';
import type { SettingsRepository } from './settings';
import { floodSigns, type FloodSign } from '../rules/flood-signs';

/** A lead as the API accepted it, ready to store. */
export interface NewLead {
  createdAt: number;
  formId: string;
  productName: string;
  event: string;
  name: string;
  email: string;
  /** E.164. */
  phone: string;
  utm: { source?: string; medium?: string; campaign?: string; content?: string; term?: string; id?: string };
  pagePath: string;
  variantId: string | null;
  blockId: string | null;
  googleClientId: string | null;
  yandexClientId: string | null;
  consentTextVersion: string;
  clientAddressHash: string | null;
  isSpam: boolean;
  /** `deal`: our worker sends it; `browser`: the visitor's browser posted it to GetCourse; `none`: spam. */
  deliveryMode: 'deal' | 'browser' | 'none';
  /**
   * The signs of a flood it shows (server/rules/flood-signs.ts); any: it is held back («Похоже на спам»),
   * its delivery and alerts stored `withheld` until an operator releases or deletes it. Absent or empty: none.
   */
  withheldSigns?: readonly FloodSign[];
}

export interface StoredLead extends NewLead {
  id: number;
  /** When the retention job removed the personal fields (they are empty then); absent before. */
  anonymizedAt?: number;
  /** The visitor's idempotency key of the request that made the lead, while it is kept. */
  idempotencyKey?: string;
}

/**
 * The visitor's idempotency key of a request and a hash of what the request said: a second request with
 * the key is answered from the first one's row (the same request) or refused (other contents).
 */
export interface Idempotency {
  key: string;
  requestHash: string;
}

/**
 * What storing a keyed request did: stored it now (`replayed: false`), or found the key's earlier row
 * and wrote nothing (`replayed: true`, `outboxId: null`; `sameRequest` says whether the contents matched).
 */
export interface StoreOutcome {
  outboxId: number | null;
  replayed: boolean;
  sameRequest: boolean;
}

/** Which leads held back as «Похоже на спам» a console action takes: one, or every one up to the newest the operator saw. */
export type WithheldScope = { leadId: number } | { upTo: number };

export interface LeadsRepository extends DealLeadCopies {
  /**
   * Stores the lead and, when given, its delivery in ONE transaction: both or neither. With an
   * idempotency key that a lead already holds, stores nothing and says so (also when two requests
   * with the key race: the unique index lets one in, the other finds its row).
   */
  accept(lead: NewLead, delivery: NewDelivery | null, idempotency?: Idempotency, alerts?: readonly NewAlert[]): Promise<StoreOutcome & { leadId: number }>;
  /** The lead an idempotency key made, if any (a read only: no lock, no write). */
  findByIdempotencyKey(key: string): Promise<{ id: number; requestHash: string | null } | undefined>;
  findLead(id: number): Promise<StoredLead | undefined>;
  /** In `trx` when given: the caller's transaction (a console action's, with its audit row). */
  markSpam(leadId: number, spam: boolean, trx?: Kysely<Database>): Promise<boolean>;
  /**
   * Releases the held leads of `scope`: no longer held, their deliveries and alerts `pending` (due as they
   * were planned: a delivery at once, an alert of the night at the opening), so the workers send them as
   * any other. In `trx` when given (the console's, with its audit row). The ids released.
   */
  releaseWithheld(scope: WithheldScope, now: number, trx?: Kysely<Database>): Promise<number[]>;
  /** The held leads of `scope` with their e-mails, inside the caller's transaction (an erasure's). */
  withheldOf(scope: WithheldScope, trx: Kysely<Database>): Promise<{ id: number; email: string }[]>;
  /**
   * The ids of the leads of an e-mail, inside the caller's transaction (an erasure's). Compared through
   * lower() on both sides, which the lower(email) index serves (SQLite's lower() folds ASCII letters
   * only: there a Cyrillic address must be typed in the case it was stored in).
   */
  idsByEmail(email: string, trx: Kysely<Database>): Promise<number[]>;
  /**
   * Deletes these leads, whole rows (any column a lead gains later goes with them), inside the caller's
   * transaction; their deliveries and alerts must be gone first (they reference them). How many went.
   */
  remove(ids: readonly number[], trx: Kysely<Database>): Promise<number>;
  /**
   * A lead created before `createdBefore` whose delivery is finished (every delivery of it is `sent`;
   * alerts aside: a manager's notice that never went out keeps nobody's data; browser-posted leads and
   * spam have none) loses its name, e-mail, phone, analytics ids and address hash; the rest of the row
   * stays, so leads per form, UTM source and day still add up. Leads still pending, sending or dead keep
   * their data until delivered: without it the school could never reach them. The idempotency key and
   * the request's hash (taken over the personal fields) go with them: a retry half a year later is no
   * retry. Safe to run from several workers at once; how many were blanked.
   */
  anonymizeDelivered(createdBefore: number, now: number): Promise<number>;
  /** Deletes the spam created before `createdBefore`; how many went. */
  deleteSpam(createdBefore: number): Promise<number>;
}

/**
 * What an anonymised lead keeps of its personal fields: nothing. The idempotency key and the request's hash go
 * with them, since they were taken over those fields.
 */
export const ANONYMIZED_LEAD_FIELDS = {
  name: '',
  email: '',
  phone: '',
  google_client_id: null,
  yandex_client_id: null,
  client_address_hash: null,
  idempotency_key: null,
  request_hash: null,
} as const;

export function createLeadsRepository(
  handle: DatabaseHandle,
  { settings, deliveryQueue, alertQueue }: { settings: SettingsRepository; deliveryQueue: DeliveryQueueRepository; alertQueue: AlertQueueRepository },
): LeadsRepository {
  const { db } = handle;

  /**
   * The lead an idempotency key already made, read inside `trx`. On PostgreSQL an `on conflict do
   * nothing` waited for the other transaction holding the key; the row it committed is visible to this
   * next statement (read committed).
   */
  async function keyed(trx: Kysely<Database>, key: string) {
    return trx.selectFrom('leads').select(['id', 'request_hash']).where('idempotency_key', '=', key).executeTakeFirstOrThrow();
  }

  return {
    accept: async (lead, delivery, idempotency, alerts = []) => {
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
        const leadId = inserted.id;
        const withheld = (lead.withheldSigns?.length ?? 0) > 0;
        const outboxId =
          delivery && dealPrefix !== null
            ? await deliveryQueue.enqueue({ ...delivery, leadId, dealNumber: dealNumberFor(dealPrefix, leadId) }, lead.createdAt, withheld, trx)
            : null;
        await alertQueue.enqueue({ leadId, alerts }, lead.createdAt, withheld, trx);
        return { replayed: false, leadId, outboxId, sameRequest: true };
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

    async markSpam(leadId, spam, trx = db) {
      const result = await trx
        .updateTable('leads')
        .set({ is_spam: spam ? 1 : 0 })
        .where('id', '=', leadId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    releaseWithheld: (scope, now, outer) =>
      inCallersTransaction(handle, outer, async (trx) => {
        const released = await trx
          .updateTable('leads')
          .set({ withheld_signs: null })
          .where((eb) => inWithheldScope(eb, scope))
          .returning('id')
          .execute();
        const ids = released.map((row) => row.id);
        for (const chunk of chunksOf(ids)) {
          await deliveryQueue.releaseWithheld(chunk, now, trx);
          await alertQueue.releaseWithheld(chunk, now, trx);
        }
        return ids;
      }),

    async withheldOf(scope, trx) {
      return trx
        .selectFrom('leads')
        .select(['id', 'email'])
        .where((eb) => inWithheldScope(eb, scope))
        .orderBy('id')
        .execute();
    },

    async dealCopyOf(leadId, trx) {
      const row = await trx
        .selectFrom('leads')
        .select(['created_at', 'form_id', 'utm_source', 'utm_campaign', 'page_path', 'variant_id'])
        .where('id', '=', leadId)
        .executeTakeFirst();
      return (
        row && {
          createdAt: Number(row.created_at),
          formId: row.form_id,
          utmSource: row.utm_source,
          utmCampaign: row.utm_campaign,
          pagePath: row.page_path,
          variantId: row.variant_id,
        }
      );
    },

    async idsByEmail(email, trx) {
      const rows = await trx
        .selectFrom('leads')
        .select('id')
        .where(sql<string>`lower(email)`, '=', sql<string>`lower(${email})`)
        .execute();
      return rows.map((row) => row.id);
    },

    async remove(ids, trx) {
      if (ids.length === 0) return 0;
      const result = await trx
        .deleteFrom('leads')
        .where('id', 'in', [...ids])
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async anonymizeDelivered(createdBefore, now) {
      const result = await db
        .updateTable('leads')
        .set({ ...ANONYMIZED_LEAD_FIELDS, anonymized_at: now })
        .where('anonymized_at', 'is', null)
        // A held lead waits for an operator with everything the visitor typed, delivered or not.
        .where('withheld_signs', 'is', null)
        .where('created_at', '<', createdBefore)
        .where((eb) => eb.not(eb.exists(deliveriesOfLead(eb).select('outbox.id').where('outbox.status', '<>', 'sent'))))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async deleteSpam(createdBefore) {
      const result = await db.deleteFrom('leads').where('is_spam', '=', 1).where('created_at', '<', createdBefore).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

function inWithheldScope(eb: ExpressionBuilder<Database, 'leads'>, scope: WithheldScope) {
  return eb.and([eb('withheld_signs', 'is not', null), 'leadId' in scope ? eb('id', '=', scope.leadId) : eb('id', '<=', scope.upTo)]);
}

/** Lists of ids a statement takes at once: far under either database's limit of parameters, however many leads a flood held. */
export function chunksOf<T>(items: readonly T[], size = 500): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));
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
    withheld_signs: lead.withheldSigns?.length ? lead.withheldSigns.join(',') : null,
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
    createdAt: Number(row.created_at),
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
    anonymizedAt: row.anonymized_at === null ? undefined : Number(row.anonymized_at),
    idempotencyKey: row.idempotency_key ?? undefined,
    withheldSigns:
      row.withheld_signs === null
        ? undefined
        : row.withheld_signs.split(',').filter((sign): sign is FloodSign => (floodSigns as readonly string[]).includes(sign)),
  };
}
