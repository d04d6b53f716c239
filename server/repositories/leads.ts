import { sql, type ExpressionBuilder, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import { inWriteTransaction, type DatabaseHandle } from '../db/connection';
import type { Database, LeadsTable, OutboxStatus } from '../db/schema';
import { dealNumberFor } from '../getcourse/deal-number';
import { periodStarts } from '@/lib/calendar';
import { paidDealAmount, paidDealExists } from './deals';
import type { AlertQueueRepository } from './alert-queue';
import { deliveriesOfLead, type DeliveryQueueRepository } from './delivery-queue';
import type { DeliveryState, LeadCounts, LeadFilter, LeadListRow, LeadsRepository, NewLead, SettingsRepository, StoredLead } from './types';

const statusesOf: Record<Exclude<DeliveryState, 'none'>, OutboxStatus[]> = {
  waiting: ['pending', 'sending'],
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

/**
 * A lead is stored with its GetCourse delivery and its alerts as one unit of work: the leads repository
 * opens the transaction and hands it to each queue's repository, so all are written or none.
 */
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
        const outboxId =
          delivery && dealPrefix !== null ? await deliveryQueue.enqueue(trx, { ...delivery, leadId, dealNumber: dealNumberFor(dealPrefix, leadId) }, lead.createdAt) : null;
        await alertQueue.enqueue(trx, leadId, alerts, lead.createdAt);
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
      const rows = await applyFilter(db.selectFrom('leads'), filter)
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
          latestDelivery(eb, 'status').as('delivery_status'),
          latestDelivery(eb, 'deal_number').as('deal_number'),
          paidDealAmount(eb).as('paid_kopecks'),
        ])
        // Keyset paging: the page after `after` is read from the (created_at, id) index however deep it is.
        .$if(!!after, (q) => q.where(sql<boolean>`(leads.created_at, leads.id) < (${after!.createdAt}, ${after!.id})`))
        .orderBy('leads.created_at', 'desc')
        .orderBy('leads.id', 'desc')
        .limit(limit + 1)
        .execute();
      const page = rows.slice(0, limit).map(
        (row): LeadListRow => ({
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
          deliveryStatus: (row.delivery_status as OutboxStatus | null) ?? null,
          dealNumber: row.deal_number ?? null,
          paidKopecks: row.paid_kopecks === null || row.paid_kopecks === undefined ? null : Number(row.paid_kopecks),
        }),
      );
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
      const result = await trx.updateTable('leads').set({ is_spam: spam ? 1 : 0 }).where('id', '=', leadId).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
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
  };
}

type LeadsQuery<O> = SelectQueryBuilder<Database, 'leads', O>;

function latestDelivery(eb: ExpressionBuilder<Database, 'leads'>, column: 'status' | 'deal_number') {
  // The GetCourse delivery's: alerts have their own rows and are not the lead's delivery.
  return deliveriesOfLead(eb).select(column).orderBy('outbox.id', 'desc').limit(1);
}

function applyFilter<O>(query: LeadsQuery<O>, filter: LeadFilter): LeadsQuery<O> {
  const search = filter.search?.trim();
  return query
    .$if(filter.from !== undefined, (q) => q.where('leads.created_at', '>=', filter.from!))
    .$if(filter.to !== undefined, (q) => q.where('leads.created_at', '<', filter.to!))
    .$if(!!filter.formId, (q) => q.where('leads.form_id', '=', filter.formId!))
    .$if(!!filter.productName, (q) => q.where('leads.product_name', '=', filter.productName!))
    .$if(!!filter.utmSource, (q) => q.where('leads.utm_source', '=', filter.utmSource!))
    .$if(!!filter.utmCampaign, (q) => q.where('leads.utm_campaign', '=', filter.utmCampaign!))
    .$if(filter.payment === 'paid', (q) => q.where((eb) => paidDealExists(eb)))
    .$if(filter.payment === 'unpaid', (q) => q.where((eb) => eb.not(paidDealExists(eb))))
    .$if(filter.spam === 'only', (q) => q.where('leads.is_spam', '=', 1))
    .$if(filter.spam === 'exclude', (q) => q.where('leads.is_spam', '=', 0))
    .$if(filter.delivery === 'none', (q) =>
      q.where((eb) => eb.not(eb.exists(deliveriesOfLead(eb).select('outbox.id')))),
    )
    .$if(!!filter.delivery && filter.delivery !== 'none', (q) =>
      q.where((eb) =>
        eb.exists(
          deliveriesOfLead(eb)
            .select('outbox.id')
            .where('outbox.status', 'in', statusesOf[filter.delivery as Exclude<DeliveryState, 'none'>]),
        ),
      ),
    )
    .$if(!!search, (q) => {
      // The lower(email) index (003) and the phone index (005) answer these exactly.
      const phone = search!.includes('@') ? null : phoneSearchKey(search!);
      if (phone) return q.where('leads.phone', '=', phone);
      return q.where(sql<string>`lower(leads.email)`, '=', sql<string>`lower(${search})`);
    });
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
  };
}
