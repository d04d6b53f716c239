import { sql, type ExpressionBuilder, type Kysely, type RawBuilder } from 'kysely';
import { inWriteTransaction, type DatabaseHandle } from '../db/connection';
import type { Database } from '../db/schema';
import { mergeDealReport, paidDealStatuses, type DealReport, type DealState, type DealStatus, type GcStatus } from '../deals/status';
import { leadIdOfDealNumber } from '../getcourse/deal-number';

/** What one report did: changed the deal (a new state in its history), nothing (a repeat, a stale one), or kept apart. */
export type DealApplyOutcome = { result: 'changed'; leadId: number | null; status: DealStatus } | { result: 'unchanged'; leadId: number | null } | { result: 'unmatched' };

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

export interface DealChange {
  at: number;
  source: 'callback' | 'reconcile';
  status: DealStatus;
  gcStatus: GcStatus;
  costKopecks: number | null;
  paidKopecks: number;
}

export const funnelDimensions = ['campaign', 'source', 'landing', 'popup', 'form'] as const;
export type FunnelDimension = (typeof funnelDimensions)[number];

/** One row of the funnel: the leads of the period under one key and what their deals paid. `key` '' is «без метки». */
export interface FunnelRow {
  key: string;
  leads: number;
  paidDeals: number;
  revenueKopecks: number;
}

export interface ReconciliationState {
  since: number | null;
  exportId: string | null;
  exportStartedAt: number | null;
  lastSuccessAt: number | null;
  lastFailureAt: number | null;
  lastError: string | null;
}

export interface DealsRepository {
  /**
   * Applies what GetCourse said about a deal, in one transaction: a number the site sent gets a new state
   * (and a line of history) when the report moves it on; a number it never sent is counted apart.
   */
  apply(report: DealReport): Promise<DealApplyOutcome>;
  /** The lead's deal (its latest number) and its history, oldest first; null when GetCourse never reported on it. */
  forLead(leadId: number): Promise<{ deal: DealView; changes: DealChange[] } | null>;
  /** The deals of these leads (the leads list's payment column). */
  ofLeads(leadIds: readonly number[]): Promise<Map<number, DealView>>;
  /** Numbers GetCourse reported that the site never sent. */
  unmatchedCount(): Promise<number>;
  /** Leads (not spam) created in [from, to) per key, with their paid deals and revenue; sorted by revenue, then leads. */
  funnel(by: FunnelDimension, range: { from: number; to: number }): Promise<FunnelRow[]>;
  reconciliation(): Promise<ReconciliationState>;
  saveReconciliation(patch: Partial<ReconciliationState>): Promise<void>;
}

const RECONCILIATION = 'getcourse';

/** For the leads list (server/repositories/leads.ts): whether the lead has a paid deal (read from the deals_lead index). */
export function paidDealExists(eb: ExpressionBuilder<Database, 'leads'>) {
  return eb.exists(eb.selectFrom('deals').select('deals.deal_number').whereRef('deals.lead_id', '=', 'leads.id').where('deals.status', 'in', [...paidDealStatuses]));
}

/** For the leads list: what the lead's paid deals brought, in kopecks; null when none is paid. */
export function paidDealAmount(eb: ExpressionBuilder<Database, 'leads'>) {
  return eb
    .selectFrom('deals')
    .select(sql<number | string | null>`sum(deals.paid_kopecks)`.as('paid'))
    .whereRef('deals.lead_id', '=', 'leads.id')
    .where('deals.status', 'in', [...paidDealStatuses]);
}

/** The key of a lead (or of a deal's copy of it) in each dimension; '' when the lead has none. */
function keyOf(by: FunnelDimension): RawBuilder<string> {
  switch (by) {
    case 'campaign': return sql<string>`coalesce(utm_campaign, '')`;
    case 'source': return sql<string>`coalesce(utm_source, '')`;
    case 'landing': return sql<string>`page_path`;
    case 'popup':
    case 'form': return sql<string>`form_id`;
  }
}

export function createDealsRepository(handle: DatabaseHandle): DealsRepository {
  const { db } = handle;
  const postgres = handle.dialect === 'postgres';

  async function applyIn(trx: Kysely<Database>, report: DealReport): Promise<DealApplyOutcome | 'retry'> {
    const row = await trx
      .selectFrom('deals')
      .selectAll()
      .where('deal_number', '=', report.dealNumber)
      .$if(postgres, (q) => q.forUpdate())
      .executeTakeFirst();
    if (row) {
      const next = mergeDealReport(stateOf(row), report);
      if (!next) return { result: 'unchanged', leadId: row.lead_id };
      await trx
        .updateTable('deals')
        .set({ status: next.status, gc_status: next.gcStatus, rank: next.rank, cost_kopecks: next.costKopecks, paid_kopecks: next.paidKopecks, paid_at: next.paidAt, changed_at: next.changedAt })
        .where('deal_number', '=', report.dealNumber)
        .execute();
      await recordChange(trx, report, next);
      return { result: 'changed', leadId: row.lead_id, status: next.status };
    }
    const leadId = leadIdOfDealNumber(report.dealNumber);
    const lead = leadId === null
      ? undefined
      : await trx
          .selectFrom('outbox')
          .innerJoin('leads', 'leads.id', 'outbox.lead_id')
          .select(['leads.id', 'leads.created_at', 'leads.form_id', 'leads.utm_source', 'leads.utm_campaign', 'leads.page_path', 'leads.variant_id'])
          .where('outbox.lead_id', '=', leadId)
          .where('outbox.deal_number', '=', report.dealNumber)
          .executeTakeFirst();
    if (!lead) {
      await trx
        .insertInto('deal_unmatched_callbacks')
        .values({ deal_number: report.dealNumber, first_at: report.at, last_at: report.at, calls: 1, gc_status: report.gcStatus, paid_kopecks: report.paidKopecks ?? 0 })
        .onConflict((conflict) =>
          conflict.column('deal_number').doUpdateSet({
            last_at: report.at,
            calls: sql<number>`deal_unmatched_callbacks.calls + 1`,
            gc_status: report.gcStatus,
            paid_kopecks: report.paidKopecks ?? 0,
          }),
        )
        .execute();
      return { result: 'unmatched' };
    }
    const next = mergeDealReport(null, report)!;
    const inserted = await trx
      .insertInto('deals')
      .values({
        deal_number: report.dealNumber,
        lead_id: lead.id,
        status: next.status,
        gc_status: next.gcStatus,
        rank: next.rank,
        cost_kopecks: next.costKopecks,
        paid_kopecks: next.paidKopecks,
        paid_at: next.paidAt,
        changed_at: next.changedAt,
        lead_created_at: Number(lead.created_at),
        form_id: lead.form_id,
        utm_source: lead.utm_source,
        utm_campaign: lead.utm_campaign,
        page_path: lead.page_path,
        variant_id: lead.variant_id,
      })
      .onConflict((conflict) => conflict.column('deal_number').doNothing())
      .returning('deal_number')
      .executeTakeFirst();
    // Another instance stored the deal's first report meanwhile: merge with it instead.
    if (!inserted) return 'retry';
    await recordChange(trx, report, next);
    return { result: 'changed', leadId: lead.id, status: next.status };
  }

  async function recordChange(trx: Kysely<Database>, report: DealReport, state: DealState) {
    await trx
      .insertInto('deal_status_changes')
      .values({ deal_number: report.dealNumber, at: report.at, source: report.source, status: state.status, gc_status: state.gcStatus, cost_kopecks: state.costKopecks, paid_kopecks: state.paidKopecks })
      .execute();
  }

  return {
    async apply(report) {
      for (let attempt = 0; ; attempt += 1) {
        const outcome = await inWriteTransaction(handle, (trx) => applyIn(trx, report));
        if (outcome !== 'retry') return outcome;
        if (attempt > 2) throw new Error('deal report kept racing');
      }
    },

    async forLead(leadId) {
      const row = await db.selectFrom('deals').selectAll().where('lead_id', '=', leadId).orderBy('changed_at', 'desc').executeTakeFirst();
      if (!row) return null;
      const changes = await db
        .selectFrom('deal_status_changes')
        .selectAll()
        .where('deal_number', '=', row.deal_number)
        .orderBy('id')
        .execute();
      return {
        deal: view(row),
        changes: changes.map((change) => ({
          at: Number(change.at),
          source: change.source as DealChange['source'],
          status: change.status as DealStatus,
          gcStatus: change.gc_status as GcStatus,
          costKopecks: change.cost_kopecks === null ? null : Number(change.cost_kopecks),
          paidKopecks: Number(change.paid_kopecks),
        })),
      };
    },

    async ofLeads(leadIds) {
      const deals = new Map<number, DealView>();
      if (leadIds.length === 0) return deals;
      const rows = await db.selectFrom('deals').selectAll().where('lead_id', 'in', [...leadIds]).orderBy('changed_at').execute();
      for (const row of rows) deals.set(row.lead_id!, view(row));
      return deals;
    },

    async unmatchedCount() {
      const row = await db.selectFrom('deal_unmatched_callbacks').select(sql<number | string>`count(*)`.as('count')).executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async funnel(by, { from, to }) {
      const key = keyOf(by);
      const popupOnly = by === 'popup';
      const leads = await db
        .selectFrom('leads')
        .select([key.as('key'), sql<number | string>`count(*)`.as('leads')])
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .where('is_spam', '=', 0)
        .$if(popupOnly, (q) => q.where('form_id', 'like', 'popup-%'))
        .groupBy(key)
        .execute();
      const paid = await db
        .selectFrom('deals')
        .select([key.as('key'), sql<number | string>`count(*)`.as('deals'), sql<number | string>`coalesce(sum(paid_kopecks), 0)`.as('revenue')])
        .where('lead_created_at', '>=', from)
        .where('lead_created_at', '<', to)
        .where('status', 'in', [...paidDealStatuses])
        .$if(popupOnly, (q) => q.where('form_id', 'like', 'popup-%'))
        .groupBy(key)
        .execute();
      const rows = new Map<string, FunnelRow>();
      for (const row of leads) rows.set(row.key, { key: row.key, leads: Number(row.leads), paidDeals: 0, revenueKopecks: 0 });
      for (const row of paid) {
        // A paid deal whose lead was erased still counts its money (its lead no longer counts).
        const entry = rows.get(row.key) ?? { key: row.key, leads: 0, paidDeals: 0, revenueKopecks: 0 };
        entry.paidDeals = Number(row.deals);
        entry.revenueKopecks = Number(row.revenue);
        rows.set(row.key, entry);
      }
      return [...rows.values()].sort((a, b) => b.revenueKopecks - a.revenueKopecks || b.leads - a.leads || a.key.localeCompare(b.key));
    },

    async reconciliation() {
      const row = await db.selectFrom('deal_reconciliation').selectAll().where('name', '=', RECONCILIATION).executeTakeFirst();
      const num = (value: number | string | null | undefined) => (value === null || value === undefined ? null : Number(value));
      return {
        since: num(row?.since),
        exportId: row?.export_id ?? null,
        exportStartedAt: num(row?.export_started_at),
        lastSuccessAt: num(row?.last_success_at),
        lastFailureAt: num(row?.last_failure_at),
        lastError: row?.last_error ?? null,
      };
    },

    async saveReconciliation(patch) {
      const columns = {
        ...('since' in patch ? { since: patch.since } : {}),
        ...('exportId' in patch ? { export_id: patch.exportId } : {}),
        ...('exportStartedAt' in patch ? { export_started_at: patch.exportStartedAt } : {}),
        ...('lastSuccessAt' in patch ? { last_success_at: patch.lastSuccessAt } : {}),
        ...('lastFailureAt' in patch ? { last_failure_at: patch.lastFailureAt } : {}),
        ...('lastError' in patch ? { last_error: patch.lastError } : {}),
      };
      await db
        .insertInto('deal_reconciliation')
        .values({ name: RECONCILIATION, ...columns })
        .onConflict((conflict) => (Object.keys(columns).length > 0 ? conflict.column('name').doUpdateSet(columns) : conflict.column('name').doNothing()))
        .execute();
    },
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
