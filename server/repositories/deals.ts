/**
 * `deals`: what GetCourse said about each deal the site sent, one row a deal number, with a copy of its
 * lead's funnel keys (a paid deal still counts its money after its lead is erased). A report on a deal is
 * a unit of work: `apply` opens the transaction and hands it to the deal's history
 * (deal-status-changes.ts), to the numbers the site never sent (deal-unmatched-callbacks.ts), to the
 * reports whose money cannot be right (deal-refused-payments.ts), and asks the delivery queue and the
 * leads whose number it is.
 */
import { sql, type ExpressionBuilder, type Kysely, type RawBuilder } from 'kysely';
import { inWriteTransaction, type DatabaseHandle } from '../db/connection';
import type { Database } from '../db/schema';
import type { DealContext, PaymentRefusal } from '../rules/payment-plausibility';
import { mergeDealReport, paidDealStatuses, refundDealStatuses, type DealReport, type DealState, type DealStatus, type GcStatus } from '../rules/deal-status';
import { leadIdOfDealNumber } from '../rules/deal-number';
import type { DealChange, DealStatusChangesRepository } from './deal-status-changes';
import type { DealRefusedPaymentsRepository } from './deal-refused-payments';
import type { DealUnmatchedCallbacksRepository } from './deal-unmatched-callbacks';
import type { DeliveryQueueRepository } from './delivery-queue';

/**
 * What one report did: changed the deal (a new state in its history), nothing (a repeat, a stale one),
 * kept apart (a number the site never sent), or refused (its money cannot be right: kept apart too).
 */
export type DealApplyOutcome =
  | { result: 'changed'; leadId: number | null; status: DealStatus }
  | { result: 'unchanged'; leadId: number | null }
  | { result: 'unmatched' }
  | { result: 'refused'; leadId: number | null; refusal: PaymentRefusal };

/** Judges a report's money against its deal (server/rules/payment-plausibility.ts, `paymentRefusal`): why it cannot be right, or null. */
export type PaymentCheck = (report: DealReport, deal: DealContext) => PaymentRefusal | null;

export interface DealView {
  dealNumber: string;
  leadId: number | null;
  status: DealStatus;
  gcStatus: GcStatus;
  costKopecks: number | null;
  paidKopecks: number;
  paidAt: number | null;
  changedAt: number;
}

export const funnelDimensions = ['campaign', 'source', 'landing', 'popup', 'form'] as const;
export type FunnelDimension = (typeof funnelDimensions)[number];

/**
 * One row of the funnel: the leads of the period under one key and what their deals paid. `key` '' is
 * «без метки». `paidDeals` are paid in full; a deal paid in part (server/rules/deal-status.ts, isPartialPayment) is
 * counted in `partPaidDeals` alone; `revenueKopecks` is the money of both. `refundedDeals`: deals whose
 * money went back or is going back (refundDealStatuses), in no other figure.
 */
export interface FunnelRow {
  key: string;
  leads: number;
  paidDeals: number;
  partPaidDeals: number;
  refundedDeals: number;
  revenueKopecks: number;
}

/** What a deal keeps of its lead: the keys the funnel counts it under. */
export interface DealLeadCopy {
  createdAt: number;
  formId: string;
  utmSource: string | null;
  utmCampaign: string | null;
  pagePath: string;
  variantId: string | null;
}

/**
 * What the deals ask of the leads' two modules: the copy a new deal takes of its lead (leads.ts, the
 * aggregate) and the funnel's leads per key (lead-queries.ts, the read model), each declaring it as part of
 * its own. Declared here, where they are used, so those modules may use this one's fragments without an
 * import circle.
 */
export interface DealLeadCopies {
  /** The lead's funnel keys, read inside the caller's transaction (a report's); undefined when there is no such lead. */
  dealCopyOf(leadId: number, trx: Kysely<Database>): Promise<DealLeadCopy | undefined>;
}

export interface FunnelLeads {
  /** Leads (not spam) created in [from, to) per key; `popup`: only the pop-ups' forms. */
  funnelCounts(by: FunnelDimension, range: { from: number; to: number }): Promise<{ key: string; leads: number }[]>;
}

export interface DealsRepository {
  /**
   * Applies what GetCourse said about a deal, in one transaction: a report whose money `check` refuses
   * (judged with the deal's lead and known cost) is kept apart and changes nothing; otherwise a number the
   * site sent gets a new state (and a line of history) when the report moves it on, and a number it never
   * sent is counted apart.
   */
  apply(report: DealReport, check: PaymentCheck): Promise<DealApplyOutcome>;
  /** The lead's deal (its latest number) and its history, oldest first; null when GetCourse never reported on it. */
  forLead(leadId: number): Promise<{ deal: DealView; changes: DealChange[] } | null>;
  /** The deals of these leads (the leads list's payment column). */
  ofLeads(leadIds: readonly number[]): Promise<Map<number, DealView>>;
  /** Leads (not spam) created in [from, to) per key, with their paid deals and revenue; sorted by revenue, then leads. */
  funnel(by: FunnelDimension, range: { from: number; to: number }): Promise<FunnelRow[]>;
}

/** For the leads list (server/repositories/lead-queries.ts): whether the lead has a paid deal (read from the deals_lead index). */
export function paidDealExists(eb: ExpressionBuilder<Database, 'leads'>) {
  return eb.exists(
    eb
      .selectFrom('deals')
      .select('deals.deal_number')
      .whereRef('deals.lead_id', '=', 'leads.id')
      .where('deals.status', 'in', [...paidDealStatuses]),
  );
}

/** A deal (a `deals` row) with money kept and paid only in part: isPartialPayment of server/rules/deal-status.ts, in SQL. */
export const partPaidDeal = sql<boolean>`((deals.cost_kopecks is not null and deals.paid_kopecks < deals.cost_kopecks) or (deals.cost_kopecks is null and deals.status = 'part_paid'))`;

/** For the leads list: whether one of the lead's paid deals is paid only in part. */
export function partPaidDealExists(eb: ExpressionBuilder<Database, 'leads'>) {
  return eb.exists(
    eb
      .selectFrom('deals')
      .select('deals.deal_number')
      .whereRef('deals.lead_id', '=', 'leads.id')
      .where('deals.status', 'in', [...paidDealStatuses])
      .where(partPaidDeal),
  );
}

/** For the leads list: what the lead's paid deals brought, in kopecks; null when none is paid. */
export function paidDealAmount(eb: ExpressionBuilder<Database, 'leads'>) {
  return eb
    .selectFrom('deals')
    .select(sql<number | string | null>`sum(deals.paid_kopecks)`.as('paid'))
    .whereRef('deals.lead_id', '=', 'leads.id')
    .where('deals.status', 'in', [...paidDealStatuses]);
}

/** The key of a lead, or of a deal's copy of it (the same columns), in each dimension; '' when the lead has none. */
export function funnelKey(by: FunnelDimension): RawBuilder<string> {
  switch (by) {
    case 'campaign':
      return sql<string>`coalesce(utm_campaign, '')`;
    case 'source':
      return sql<string>`coalesce(utm_source, '')`;
    case 'landing':
      return sql<string>`page_path`;
    case 'popup':
    case 'form':
      return sql<string>`form_id`;
  }
}

export function createDealsRepository(
  handle: DatabaseHandle,
  {
    leads,
    leadQueries,
    deliveryQueue,
    statusChanges,
    unmatchedCallbacks,
    refusedPayments,
  }: {
    leads: DealLeadCopies;
    leadQueries: FunnelLeads;
    deliveryQueue: Pick<DeliveryQueueRepository, 'hasDealNumber'>;
    statusChanges: DealStatusChangesRepository;
    unmatchedCallbacks: DealUnmatchedCallbacksRepository;
    refusedPayments: DealRefusedPaymentsRepository;
  },
): DealsRepository {
  const { db } = handle;
  const postgres = handle.dialect === 'postgres';

  /** Keeps the report apart when its money cannot be right for the deal: the outcome then, else null. */
  async function refused(trx: Kysely<Database>, report: DealReport, check: PaymentCheck, leadId: number | null, deal: DealContext) {
    const refusal = check(report, deal);
    if (!refusal) return null;
    await refusedPayments.record(report, refusal, leadId, trx);
    return { result: 'refused', leadId, refusal } as const;
  }

  async function applyIn(trx: Kysely<Database>, report: DealReport, check: PaymentCheck): Promise<DealApplyOutcome | 'retry'> {
    const row = await trx
      .selectFrom('deals')
      .selectAll()
      .where('deal_number', '=', report.dealNumber)
      .$if(postgres, (q) => q.forUpdate())
      .executeTakeFirst();
    if (row) {
      const current = stateOf(row);
      const refusal = await refused(trx, report, check, row.lead_id, {
        lead: { formId: row.form_id, pagePath: row.page_path },
        costKopecks: current.costKopecks,
      });
      if (refusal) return refusal;
      const next = mergeDealReport(current, report);
      if (!next) return { result: 'unchanged', leadId: row.lead_id };
      await trx
        .updateTable('deals')
        .set({
          status: next.status,
          gc_status: next.gcStatus,
          rank: next.rank,
          cost_kopecks: next.costKopecks,
          paid_kopecks: next.paidKopecks,
          paid_at: next.paidAt,
          changed_at: next.changedAt,
        })
        .where('deal_number', '=', report.dealNumber)
        .execute();
      await statusChanges.record(report.dealNumber, changeOf(report, next), trx);
      return { result: 'changed', leadId: row.lead_id, status: next.status };
    }
    // A number the site sent: a delivery of the lead it names carried it.
    const leadId = leadIdOfDealNumber(report.dealNumber);
    const lead = leadId !== null && (await deliveryQueue.hasDealNumber(leadId, report.dealNumber, trx)) ? await leads.dealCopyOf(leadId, trx) : undefined;
    const refusal = await refused(trx, report, check, lead ? leadId : null, { lead: lead ?? null, costKopecks: null });
    if (refusal) return refusal;
    if (!lead) {
      await unmatchedCallbacks.record(report, trx);
      return { result: 'unmatched' };
    }
    const next = mergeDealReport(null, report)!;
    const inserted = await trx
      .insertInto('deals')
      .values({
        deal_number: report.dealNumber,
        lead_id: leadId,
        status: next.status,
        gc_status: next.gcStatus,
        rank: next.rank,
        cost_kopecks: next.costKopecks,
        paid_kopecks: next.paidKopecks,
        paid_at: next.paidAt,
        changed_at: next.changedAt,
        lead_created_at: lead.createdAt,
        form_id: lead.formId,
        utm_source: lead.utmSource,
        utm_campaign: lead.utmCampaign,
        page_path: lead.pagePath,
        variant_id: lead.variantId,
      })
      .onConflict((conflict) => conflict.column('deal_number').doNothing())
      .returning('deal_number')
      .executeTakeFirst();
    // Another instance stored the deal's first report meanwhile: merge with it instead.
    if (!inserted) return 'retry';
    await statusChanges.record(report.dealNumber, changeOf(report, next), trx);
    return { result: 'changed', leadId, status: next.status };
  }

  return {
    async apply(report, check) {
      for (let attempt = 0; ; attempt += 1) {
        const outcome = await inWriteTransaction(handle, (trx) => applyIn(trx, report, check));
        if (outcome !== 'retry') return outcome;
        if (attempt > 2) throw new Error('deal report kept racing');
      }
    },

    async forLead(leadId) {
      const row = await db.selectFrom('deals').selectAll().where('lead_id', '=', leadId).orderBy('changed_at', 'desc').executeTakeFirst();
      if (!row) return null;
      return { deal: view(row), changes: await statusChanges.forDeal(row.deal_number) };
    },

    async ofLeads(leadIds) {
      const deals = new Map<number, DealView>();
      if (leadIds.length === 0) return deals;
      const rows = await db
        .selectFrom('deals')
        .selectAll()
        .where('lead_id', 'in', [...leadIds])
        .orderBy('changed_at')
        .execute();
      for (const row of rows) deals.set(row.lead_id!, view(row));
      return deals;
    },

    async funnel(by, range) {
      const key = funnelKey(by);
      const counted = await leadQueries.funnelCounts(by, range);
      const isPaid = sql<boolean>`status in (${sql.join(paidDealStatuses)})`;
      const paid = await db
        .selectFrom('deals')
        .select([
          key.as('key'),
          sql<number | string>`sum(case when ${isPaid} then 1 else 0 end)`.as('deals'),
          sql<number | string>`sum(case when ${isPaid} and ${partPaidDeal} then 1 else 0 end)`.as('part_paid'),
          sql<number | string>`sum(case when ${isPaid} then 0 else 1 end)`.as('refunded'),
          sql<number | string>`coalesce(sum(case when ${isPaid} then paid_kopecks else 0 end), 0)`.as('revenue'),
        ])
        .where('lead_created_at', '>=', range.from)
        .where('lead_created_at', '<', range.to)
        .where('status', 'in', [...paidDealStatuses, ...refundDealStatuses])
        .$if(by === 'popup', (q) => q.where('form_id', 'like', 'popup-%'))
        .groupBy(key)
        .execute();
      const rows = new Map<string, FunnelRow>();
      const none = { paidDeals: 0, partPaidDeals: 0, refundedDeals: 0, revenueKopecks: 0 };
      for (const row of counted) rows.set(row.key, { key: row.key, leads: row.leads, ...none });
      for (const row of paid) {
        // A paid deal whose lead was erased still counts its money (its lead no longer counts).
        const entry = rows.get(row.key) ?? { key: row.key, leads: 0, ...none };
        entry.partPaidDeals = Number(row.part_paid);
        entry.paidDeals = Number(row.deals) - entry.partPaidDeals;
        entry.refundedDeals = Number(row.refunded);
        entry.revenueKopecks = Number(row.revenue);
        rows.set(row.key, entry);
      }
      return [...rows.values()].sort((a, b) => b.revenueKopecks - a.revenueKopecks || b.leads - a.leads || a.key.localeCompare(b.key));
    },
  };
}

/** The line of history a report that moved the deal to `state` adds. */
function changeOf(report: DealReport, state: DealState): DealChange {
  return {
    at: report.at,
    source: report.source,
    status: state.status,
    gcStatus: state.gcStatus,
    costKopecks: state.costKopecks,
    paidKopecks: state.paidKopecks,
  };
}

type DealRow = Database['deals'];

function stateOf(row: DealRow): DealState {
  return {
    status: row.status as DealStatus,
    gcStatus: row.gc_status as GcStatus,
    rank: Number(row.rank),
    costKopecks: row.cost_kopecks === null ? null : Number(row.cost_kopecks),
    paidKopecks: Number(row.paid_kopecks),
    paidAt: row.paid_at === null ? null : Number(row.paid_at),
    changedAt: Number(row.changed_at),
  };
}

function view(row: DealRow): DealView {
  return { dealNumber: row.deal_number, leadId: row.lead_id, ...stateOf(row) };
}
