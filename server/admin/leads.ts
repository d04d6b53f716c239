import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { DatabaseHandle } from '../db/connection';
import type { Database, OutboxStatus } from '../db/schema';

/** What the leads list can be narrowed to; every field optional. Times are epoch ms, `to` exclusive. */
export interface LeadFilter {
  from?: number;
  to?: number;
  formId?: string;
  productName?: string;
  utmSource?: string;
  /** The state of the lead's delivery to GetCourse; `none`: nothing to deliver (browser-posted, spam). */
  delivery?: DeliveryState;
  spam?: 'only' | 'exclude';
  /** An e-mail (exact, any case) or a phone (any spelling of the digits). */
  search?: string;
}

export const deliveryStates = ['waiting', 'sent', 'dead', 'none'] as const;
export type DeliveryState = (typeof deliveryStates)[number];

const statusesOf: Record<Exclude<DeliveryState, 'none'>, OutboxStatus[]> = {
  waiting: ['pending', 'sending'],
  sent: ['sent'],
  dead: ['dead'],
};

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
  /** The status of the lead's latest delivery; null when it has none. */
  deliveryStatus: OutboxStatus | null;
  dealNumber: string | null;
}

export function encodeCursor(cursor: LeadCursor): string {
  return `${cursor.createdAt}.${cursor.id}`;
}

export function decodeCursor(text: string | undefined | null): LeadCursor | null {
  const match = /^(\d{1,15})\.(\d{1,12})$/.exec(text ?? '');
  return match ? { createdAt: Number(match[1]), id: Number(match[2]) } : null;
}

/** A phone as stored (E.164) from however it was typed: `8 916 123-45-67` → `+79161234567`. */
export function phoneSearchKey(text: string): string | null {
  let digits = text.replace(/\D/g, '');
  if (digits.length < 10 || digits.length > 15) return null;
  if (digits.length === 11 && digits.startsWith('8')) digits = `7${digits.slice(1)}`;
  if (digits.length === 10 && digits.startsWith('9')) digits = `7${digits}`;
  return `+${digits}`;
}

type LeadsQuery<O> = SelectQueryBuilder<Database, 'leads', O>;

function latestDelivery(eb: ExpressionBuilder<Database, 'leads'>, column: 'status' | 'deal_number') {
  return eb.selectFrom('outbox').select(column).whereRef('outbox.lead_id', '=', 'leads.id').orderBy('outbox.id', 'desc').limit(1);
}

function applyFilter<O>(query: LeadsQuery<O>, filter: LeadFilter): LeadsQuery<O> {
  const search = filter.search?.trim();
  return query
    .$if(filter.from !== undefined, (q) => q.where('leads.created_at', '>=', filter.from!))
    .$if(filter.to !== undefined, (q) => q.where('leads.created_at', '<', filter.to!))
    .$if(!!filter.formId, (q) => q.where('leads.form_id', '=', filter.formId!))
    .$if(!!filter.productName, (q) => q.where('leads.product_name', '=', filter.productName!))
    .$if(!!filter.utmSource, (q) => q.where('leads.utm_source', '=', filter.utmSource!))
    .$if(filter.spam === 'only', (q) => q.where('leads.is_spam', '=', 1))
    .$if(filter.spam === 'exclude', (q) => q.where('leads.is_spam', '=', 0))
    .$if(filter.delivery === 'none', (q) =>
      q.where((eb) => eb.not(eb.exists(eb.selectFrom('outbox').select('outbox.id').whereRef('outbox.lead_id', '=', 'leads.id')))),
    )
    .$if(!!filter.delivery && filter.delivery !== 'none', (q) =>
      q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('outbox')
            .select('outbox.id')
            .whereRef('outbox.lead_id', '=', 'leads.id')
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

/**
 * One page of leads, newest first, by keyset: the page after `cursor` is read from the
 * (created_at, id) index however deep it is, where an OFFSET would read and skip every row before it.
 */
export async function listLeads(
  handle: DatabaseHandle,
  filter: LeadFilter,
  options: { after?: LeadCursor | null; limit?: number } = {},
): Promise<{ rows: LeadListRow[]; next: LeadCursor | null }> {
  const limit = options.limit ?? 50;
  const after = options.after;
  const rows = await applyFilter(handle.db.selectFrom('leads'), filter)
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
    ])
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
    }),
  );
  const last = page.at(-1);
  return { rows: page, next: rows.length > limit && last ? { createdAt: last.createdAt, id: last.id } : null };
}

/** The form ids and UTM sources seen so far, for the filter's suggestions (both read from an index). */
export async function leadFacets(handle: DatabaseHandle): Promise<{ formIds: string[]; utmSources: string[] }> {
  const forms = await handle.db.selectFrom('leads').select('form_id').distinct().orderBy('form_id').execute();
  const sources = await handle.db
    .selectFrom('leads')
    .select('utm_source')
    .distinct()
    .where('utm_source', 'is not', null)
    .orderBy('utm_source')
    .limit(200)
    .execute();
  return { formIds: forms.map((row) => row.form_id), utmSources: sources.map((row) => row.utm_source!) };
}

/** Puts one dead delivery back in the queue, due now, with fresh attempts; its deal number stays. */
export async function resendDelivery(handle: DatabaseHandle, outboxId: number, now = Date.now()): Promise<boolean> {
  const result = await handle.db
    .updateTable('outbox')
    .set({ status: 'pending', attempts: 0, next_attempt_at: now, updated_at: now })
    .where('id', '=', outboxId)
    .where('status', '=', 'dead')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markSpam(handle: DatabaseHandle, leadId: number, spam: boolean): Promise<boolean> {
  const result = await handle.db.updateTable('leads').set({ is_spam: spam ? 1 : 0 }).where('id', '=', leadId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Every column of one lead, as stored. */
export async function findLeadRow(handle: DatabaseHandle, id: number) {
  return handle.db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirst();
}
