/**
 * `leads`, as the console reads it: the list with its filters and search, the filter's suggestions, the
 * counts per form, source and day, the funnel's leads per key. The same table as leads.ts, in a second file
 * on purpose: leads.ts is the lead as an aggregate (accepting one with its delivery and alerts in one
 * transaction, marking, releasing, erasing, anonymizing), this one the read model the console's lists and
 * counts ask of it (cal.com's `BookingRepository` beside `GetBookingsRepository`). Neither writes what the
 * other owns: every write of `leads` is in leads.ts, and nothing here writes.
 */
import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { DatabaseHandle, Dialect } from '../db/connection';
import type { Database, OutboxStatus } from '../db/schema';
import { periodStarts } from '@/lib/calendar';
import { funnelKey, paidDealAmount, paidDealExists, partPaidDealExists, type FunnelLeads } from './deals';
import { deliveriesOfLead } from './delivery-queue';

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

export interface LeadQueriesRepository extends FunnelLeads {
  /** One page of leads, newest first, after `after` (keyset paging). */
  list(filter: LeadFilter, options?: { after?: LeadCursor | null; limit?: number }): Promise<{ rows: LeadListRow[]; next: LeadCursor | null }>;
  /** The form ids and UTM sources seen so far, for the filter's suggestions (both read from an index). */
  facets(): Promise<{ formIds: string[]; utmSources: string[] }>;
  /** How many leads are held back as «Похоже на спам», and the newest one's id (null when none). */
  withheld(): Promise<{ count: number; newestId: number | null }>;
  /** Leads that are neither spam nor held back, today / 7 days / 30 days per form or UTM source, in one pass over 30 days. */
  counts(by: 'form' | 'utm_source', now: number): Promise<LeadCounts[]>;
  /** Leads (neither spam nor held back) per Moscow day and form over the last 30 days. */
  perDay(now: number): Promise<DailySeries>;
  /** Leads (neither spam nor held back) per page they were sent from, since `since` (epoch ms); most first. */
  perPage(since: number): Promise<{ page: string; leads: number }[]>;
}

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

export function createLeadQueriesRepository(handle: DatabaseHandle): LeadQueriesRepository {
  const { db } = handle;
  return {
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

    async withheld() {
      const row = await db
        .selectFrom('leads')
        .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.max('id').as('newest')])
        .where('withheld_signs', 'is not', null)
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), newestId: row.newest === null ? null : Number(row.newest) };
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

    async perPage(since) {
      const rows = await db
        .selectFrom('leads')
        .select(['page_path', sql<number | string>`count(*)`.as('leads')])
        .where('created_at', '>=', since)
        .where('is_spam', '=', 0)
        .where('withheld_signs', 'is', null)
        .groupBy('page_path')
        .execute();
      return rows.map((row) => ({ page: row.page_path, leads: Number(row.leads) })).sort((a, b) => b.leads - a.leads || a.page.localeCompare(b.page));
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
  };
}

type LeadsQuery<O> = SelectQueryBuilder<Database, 'leads', O>;

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
