/**
 * `leads`: the leads the site accepted, and what the console, the funnel, the erasure and the retention
 * ask of them. Accepting a lead is a unit of work with its GetCourse delivery and its alerts: this
 * repository opens the transaction and hands it to each queue's repository (the outbox's two).
 */
import { sql, type ExpressionBuilder, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import { inCallersTransaction, inWriteTransaction, type DatabaseHandle, type Dialect } from '../db/connection';
import type { Database, LeadsTable, OutboxStatus } from '../db/schema';
import { dealNumberFor } from '../rules/deal-number';
import { periodStarts } from '@/lib/calendar';
import { funnelKey, paidDealAmount, paidDealExists, partPaidDealExists, type DealLeads } from './deals';
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

/** What the leads list can be narrowed to; every field optional. Times are epoch ms, `to` exclusive. */
export interface LeadFilter {
  from?: number;
  to?: number;
  formId?: string;
  productName?: string;
  utmSource?: string;
  utmCampaign?: string;
  /** `paid`: its GetCourse deal is paid (fully or partly, not refunded); `part`: paid only in part; `unpaid`: not paid. */
  payment?: PaymentState;
  /** The state of the lead's delivery to GetCourse; `none`: nothing to deliver (browser-posted, spam). */
  delivery?: DeliveryState;
  /** `only`: marked spam; `exclude`: neither spam nor held back; `withheld`: held back as «Похоже на спам». */
  spam?: 'only' | 'exclude' | 'withheld';
  /**
   * A whole e-mail (exact, any case) or phone (any spelling of the digits), or else a part of a name,
   * an e-mail or a phone, in any case (Cyrillic too).
   */
  search?: string;
}

export const paymentStates = ['paid', 'part', 'unpaid'] as const;
export type PaymentState = (typeof paymentStates)[number];

/** `retrying`: waiting after a failed attempt (of `waiting`, those GetCourse did not take yet). */
export const deliveryStates = ['waiting', 'retrying', 'sent', 'dead', 'none'] as const;
export type DeliveryState = (typeof deliveryStates)[number];

/** Where the next page starts: just after this lead in (created_at, id) descending order. */
export interface LeadCursor {
  createdAt: number;
  id: number;
}

export interface LeadListRow {
  id: number;
  createdAt: number;
  formId: string;
  productName: string;
  name: string;
  email: string;
  phone: string;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmContent: string | null;
  utmTerm: string | null;
  pagePath: string;
  isSpam: boolean;
  /** Held back as «Похоже на спам». */
  withheld: boolean;
  /** The status of the lead's latest delivery; null when it has none. */
  deliveryStatus: OutboxStatus | null;
  dealNumber: string | null;
  /** What the lead's paid deal brought, in kopecks; null when it is not paid. */
  paidKopecks: number | null;
  /** Whether that deal is paid only in part (less than its cost). */
  partPaid: boolean;
}

/** Which leads held back as «Похоже на спам» a console action takes: one, or every one up to the newest the operator saw. */
export type WithheldScope = { leadId: number } | { upTo: number };

/** Leads (not spam) of one form or UTM source: today, the last 7 and the last 30 Moscow days. */
export interface LeadCounts {
  key: string;
  today: number;
  week: number;
  month: number;
}

export interface DailySeries {
  /** The last 30 Moscow days, oldest first, as `23.11`. */
  days: string[];
  /** Leads (not spam) per day, one series per form. */
  series: { key: string; counts: number[] }[];
}

export interface LeadsRepository extends DealLeads {
  /**
   * Stores the lead and, when given, its delivery in ONE transaction: both or neither. With an
   * idempotency key that a lead already holds, stores nothing and says so (also when two requests
   * with the key race: the unique index lets one in, the other finds its row).
   */
  accept(lead: NewLead, delivery: NewDelivery | null, idempotency?: Idempotency, alerts?: readonly NewAlert[]): Promise<StoreOutcome & { leadId: number }>;
  /** The lead an idempotency key made, if any (a read only: no lock, no write). */
  findByIdempotencyKey(key: string): Promise<{ id: number; requestHash: string | null } | undefined>;
  findLead(id: number): Promise<StoredLead | undefined>;
  /** One page of leads, newest first, after `after` (keyset paging). */
  list(filter: LeadFilter, options?: { after?: LeadCursor | null; limit?: number }): Promise<{ rows: LeadListRow[]; next: LeadCursor | null }>;
  /** The form ids and UTM sources seen so far, for the filter's suggestions (both read from an index). */
  facets(): Promise<{ formIds: string[]; utmSources: string[] }>;
  /** In `trx` when given: the caller's transaction (a console action's, with its audit row). */
  markSpam(leadId: number, spam: boolean, trx?: Kysely<Database>): Promise<boolean>;
  /** How many leads are held back as «Похоже на спам», and the newest one's id (null when none). */
  withheld(): Promise<{ count: number; newestId: number | null }>;
  /**
   * Releases the held leads of `scope`: no longer held, their deliveries and alerts `pending` (due as they
   * were planned: a delivery at once, an alert of the night at the opening), so the workers send them as
   * any other. In `trx` when given (the console's, with its audit row). The ids released.
   */
  releaseWithheld(scope: WithheldScope, now: number, trx?: Kysely<Database>): Promise<number[]>;
  /** The held leads of `scope` with their e-mails, inside the caller's transaction (an erasure's). */
  withheldOf(trx: Kysely<Database>, scope: WithheldScope): Promise<{ id: number; email: string }[]>;
  /** Leads that are neither spam nor held back, today / 7 days / 30 days per form or UTM source, in one pass over 30 days. */
  counts(by: 'form' | 'utm_source', now: number): Promise<LeadCounts[]>;
  /** Leads (neither spam nor held back) per Moscow day and form over the last 30 days. */
  perDay(now: number): Promise<DailySeries>;
  /**
   * The ids of the leads of an e-mail, inside the caller's transaction (an erasure's). Compared through
   * lower() on both sides, which the lower(email) index serves (SQLite's lower() folds ASCII letters
   * only: there a Cyrillic address must be typed in the case it was stored in).
   */
  idsByEmail(trx: Kysely<Database>, email: string): Promise<number[]>;
  /**
   * Deletes these leads, whole rows (any column a lead gains later goes with them), inside the caller's
   * transaction; their deliveries and alerts must be gone first (they reference them). How many went.
   */
  remove(trx: Kysely<Database>, ids: readonly number[]): Promise<number>;
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

const statusesOf: Record<Exclude<DeliveryState, 'none'>, OutboxStatus[]> = {
  waiting: ['pending', 'sending'],
  retrying: ['pending', 'sending'],
  sent: ['sent'],
  dead: ['dead'],
};

const DAY_MS = 86_400_000;
const MOSCOW_OFFSET_MS = 3 * 3_600_000;

/** A phone as stored (E.164) from however it was typed: `8 916 123-45-67` → `+79161234567`. */
export function phoneSearchKey(text: string): string | null {
  let digits = text.replace(/\D/g, '');
  if (digits.length < 10 || digits.length > 15) return null;
  if (digits.length === 11 && digits.startsWith('8')) digits = `7${digits.slice(1)}`;
  if (digits.length === 10 && digits.startsWith('9')) digits = `7${digits}`;
  return `+${digits}`;
}

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
            ? await deliveryQueue.enqueue(trx, { ...delivery, leadId, dealNumber: dealNumberFor(dealPrefix, leadId) }, lead.createdAt, withheld)
            : null;
        await alertQueue.enqueue(trx, leadId, alerts, lead.createdAt, withheld);
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

    async list(filter, { after, limit = 50 } = {}) {
      const rows = await applyFilter(db.selectFrom('leads'), filter, handle.dialect)
        .select((eb) => [
          'leads.id',
          'leads.created_at',
          'leads.form_id',
          'leads.product_name',
          'leads.name',
          'leads.email',
          'leads.phone',
          'leads.utm_source',
          'leads.utm_medium',
          'leads.utm_campaign',
          'leads.utm_content',
          'leads.utm_term',
          'leads.page_path',
          'leads.is_spam',
          'leads.withheld_signs',
          latestDelivery(eb, 'status').as('delivery_status'),
          latestDelivery(eb, 'deal_number').as('deal_number'),
          paidDealAmount(eb).as('paid_kopecks'),
          partPaidDealExists(eb).as('part_paid'),
        ])
        // Keyset paging: the page after `after` is read from the (created_at, id) index however deep it is.
        .$if(!!after, (q) => q.where(sql<boolean>`(leads.created_at, leads.id) < (${after!.createdAt}, ${after!.id})`))
        .orderBy('leads.created_at', 'desc')
        .orderBy('leads.id', 'desc')
        .limit(limit + 1)
        .execute();
      const page = rows.slice(0, limit).map((row): LeadListRow => ({
        id: row.id,
        createdAt: Number(row.created_at),
        formId: row.form_id,
        productName: row.product_name,
        name: row.name,
        email: row.email,
        phone: row.phone,
        utmSource: row.utm_source,
        utmMedium: row.utm_medium,
        utmCampaign: row.utm_campaign,
        utmContent: row.utm_content,
        utmTerm: row.utm_term,
        pagePath: row.page_path,
        isSpam: row.is_spam === 1,
        withheld: row.withheld_signs !== null,
        deliveryStatus: (row.delivery_status as OutboxStatus | null) ?? null,
        dealNumber: row.deal_number ?? null,
        paidKopecks: row.paid_kopecks === null || row.paid_kopecks === undefined ? null : Number(row.paid_kopecks),
        partPaid: Boolean(row.part_paid),
      }));
      const last = page.at(-1);
      return { rows: page, next: rows.length > limit && last ? { createdAt: last.createdAt, id: last.id } : null };
    },

    async facets() {
      const forms = await db.selectFrom('leads').select('form_id').distinct().orderBy('form_id').execute();
      const sources = await db
        .selectFrom('leads')
        .select('utm_source')
        .distinct()
        .where('utm_source', 'is not', null)
        .orderBy('utm_source')
        .limit(200)
        .execute();
      return { formIds: forms.map((row) => row.form_id), utmSources: sources.map((row) => row.utm_source!) };
    },

    async markSpam(leadId, spam, trx = db) {
      const result = await trx
        .updateTable('leads')
        .set({ is_spam: spam ? 1 : 0 })
        .where('id', '=', leadId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async withheld() {
      const row = await db
        .selectFrom('leads')
        .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.max('id').as('newest')])
        .where('withheld_signs', 'is not', null)
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), newestId: row.newest === null ? null : Number(row.newest) };
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
          await deliveryQueue.releaseWithheld(trx, chunk, now);
          await alertQueue.releaseWithheld(trx, chunk, now);
        }
        return ids;
      }),

    async withheldOf(trx, scope) {
      return trx
        .selectFrom('leads')
        .select(['id', 'email'])
        .where((eb) => inWithheldScope(eb, scope))
        .orderBy('id')
        .execute();
    },

    async counts(by, now) {
      const starts = periodStarts(now);
      const key = by === 'form' ? sql<string>`form_id` : sql<string>`coalesce(utm_source, '')`;
      const rows = await db
        .selectFrom('leads')
        .select([
          key.as('key'),
          sql<number | string>`sum(case when created_at >= ${starts.today} then 1 else 0 end)`.as('today'),
          sql<number | string>`sum(case when created_at >= ${starts.week} then 1 else 0 end)`.as('week'),
          sql<number | string>`count(*)`.as('month'),
        ])
        .where('created_at', '>=', starts.month)
        .where('is_spam', '=', 0)
        .where('withheld_signs', 'is', null)
        .groupBy(key)
        .execute();
      return rows
        .map((row): LeadCounts => ({ key: row.key, today: Number(row.today), week: Number(row.week), month: Number(row.month) }))
        .sort((a, b) => b.month - a.month || a.key.localeCompare(b.key));
    },

    async perDay(now) {
      const { month } = periodStarts(now);
      const firstDay = (month + MOSCOW_OFFSET_MS) / DAY_MS;
      // Integer division on both databases (literals, not parameters, keep it integer): the Moscow day of each lead.
      const day = sql<number | string>`(created_at + ${sql.lit(MOSCOW_OFFSET_MS)}) / ${sql.lit(DAY_MS)}`;
      const rows = await db
        .selectFrom('leads')
        .select([day.as('day'), 'form_id', sql<number | string>`count(*)`.as('count')])
        .where('created_at', '>=', month)
        .where('is_spam', '=', 0)
        .where('withheld_signs', 'is', null)
        .groupBy([day, 'form_id'])
        .execute();
      const days = Array.from({ length: 30 }, (_, index) => {
        const date = new Date((firstDay + index) * DAY_MS);
        return `${String(date.getUTCDate()).padStart(2, '0')}.${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
      });
      const series = new Map<string, number[]>();
      for (const row of rows) {
        const index = Number(row.day) - firstDay;
        if (index < 0 || index >= 30) continue;
        const counts = series.get(row.form_id) ?? Array<number>(30).fill(0);
        counts[index] = Number(row.count);
        series.set(row.form_id, counts);
      }
      return { days, series: [...series].map(([key, counts]) => ({ key, counts })).sort((a, b) => a.key.localeCompare(b.key)) };
    },

    async funnelCounts(by, { from, to }) {
      const key = funnelKey(by);
      const rows = await db
        .selectFrom('leads')
        .select([key.as('key'), sql<number | string>`count(*)`.as('leads')])
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .where('is_spam', '=', 0)
        .where('withheld_signs', 'is', null)
        .$if(by === 'popup', (q) => q.where('form_id', 'like', 'popup-%'))
        .groupBy(key)
        .execute();
      return rows.map((row) => ({ key: row.key, leads: Number(row.leads) }));
    },

    async dealCopyOf(trx, leadId) {
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

    async idsByEmail(trx, email) {
      const rows = await trx
        .selectFrom('leads')
        .select('id')
        .where(sql<string>`lower(email)`, '=', sql<string>`lower(${email})`)
        .execute();
      return rows.map((row) => row.id);
    },

    async remove(trx, ids) {
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

type LeadsQuery<O> = SelectQueryBuilder<Database, 'leads', O>;

function inWithheldScope(eb: ExpressionBuilder<Database, 'leads'>, scope: WithheldScope) {
  return eb.and([eb('withheld_signs', 'is not', null), 'leadId' in scope ? eb('id', '=', scope.leadId) : eb('id', '<=', scope.upTo)]);
}

/** Lists of ids a statement takes at once: far under either database's limit of parameters, however many leads a flood held. */
export function chunksOf<T>(items: readonly T[], size = 500): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));
}

function latestDelivery(eb: ExpressionBuilder<Database, 'leads'>, column: 'status' | 'deal_number') {
  // The GetCourse delivery's: alerts have their own rows and are not the lead's delivery.
  return deliveriesOfLead(eb).select(column).orderBy('outbox.id', 'desc').limit(1);
}

/** A whole e-mail address: looked up exactly, through the lower(email) index. */
const WHOLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** What a typed phone may hold besides its digits. */
const PHONE_CHARACTERS = /^[\d\s()+-]+$/;

/** `text` lower-cased as the database compares it: PostgreSQL's lower(), SQLite's unicode_lower() (server/db/connection.ts). */
function folded(dialect: Dialect, column: 'leads.name' | 'leads.email') {
  return dialect === 'sqlite' ? sql<string>`unicode_lower(${sql.ref(column)})` : sql<string>`lower(${sql.ref(column)})`;
}

/** `%part%` for LIKE, its own `%`, `_` and `\` taken literally (with `escape '\'`). */
export function containsPattern(part: string): string {
  return `%${part.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The search: a whole e-mail or phone exactly (their indexes answer it), anything else as a part of the
 * name, the e-mail or (three digits or more, typed as a phone is) the phone, in any case.
 */
function searchCondition(search: string, dialect: Dialect) {
  return (eb: ExpressionBuilder<Database, 'leads'>) => {
    const phone = phoneSearchKey(search);
    if (WHOLE_EMAIL.test(search)) return eb(sql<string>`lower(leads.email)`, '=', sql<string>`lower(${search})`);
    if (phone && PHONE_CHARACTERS.test(search)) return eb('leads.phone', '=', phone);
    const pattern = containsPattern(search.toLowerCase());
    const digits = search.replace(/\D/g, '');
    const parts = [
      eb(folded(dialect, 'leads.name'), 'like', sql<string>`${pattern} escape '\\'`),
      eb(folded(dialect, 'leads.email'), 'like', sql<string>`${pattern} escape '\\'`),
    ];
    if (digits.length >= 3 && PHONE_CHARACTERS.test(search)) parts.push(eb('leads.phone', 'like', `%${digits}%`));
    return eb.or(parts);
  };
}

function applyFilter<O>(query: LeadsQuery<O>, filter: LeadFilter, dialect: Dialect): LeadsQuery<O> {
  const search = filter.search?.trim();
  return query
    .$if(filter.from !== undefined, (q) => q.where('leads.created_at', '>=', filter.from!))
    .$if(filter.to !== undefined, (q) => q.where('leads.created_at', '<', filter.to!))
    .$if(!!filter.formId, (q) => q.where('leads.form_id', '=', filter.formId!))
    .$if(!!filter.productName, (q) => q.where('leads.product_name', '=', filter.productName!))
    .$if(!!filter.utmSource, (q) => q.where('leads.utm_source', '=', filter.utmSource!))
    .$if(!!filter.utmCampaign, (q) => q.where('leads.utm_campaign', '=', filter.utmCampaign!))
    .$if(filter.payment === 'paid', (q) => q.where((eb) => paidDealExists(eb)))
    .$if(filter.payment === 'part', (q) => q.where((eb) => partPaidDealExists(eb)))
    .$if(filter.payment === 'unpaid', (q) => q.where((eb) => eb.not(paidDealExists(eb))))
    .$if(filter.spam === 'only', (q) => q.where('leads.is_spam', '=', 1))
    .$if(filter.spam === 'exclude', (q) => q.where('leads.is_spam', '=', 0).where('leads.withheld_signs', 'is', null))
    .$if(filter.spam === 'withheld', (q) => q.where('leads.withheld_signs', 'is not', null))
    .$if(filter.delivery === 'none', (q) => q.where((eb) => eb.not(eb.exists(deliveriesOfLead(eb).select('outbox.id')))))
    .$if(!!filter.delivery && filter.delivery !== 'none', (q) =>
      q.where((eb) =>
        eb.exists(
          deliveriesOfLead(eb)
            .select('outbox.id')
            .where('outbox.status', 'in', statusesOf[filter.delivery as Exclude<DeliveryState, 'none'>])
            .$if(filter.delivery === 'retrying', (deliveries) => deliveries.where('outbox.attempts', '>', 0)),
        ),
      ),
    )
    .$if(!!search, (q) => q.where(searchCondition(search!, dialect)));
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
