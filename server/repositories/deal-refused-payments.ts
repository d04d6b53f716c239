/**
 * `deal_refused_payments`: reports on a deal whose money cannot be right (server/rules/payment-plausibility.ts),
 * one row a deal number with its latest refused report, how often and since when (written by deals.ts
 * inside the report's transaction). Never applied to `deals`: the funnel and the page tests do not see them.
 */
import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/connection';
import type { Database } from '../db/schema';
import type { PaymentRefusal, PaymentRefusalReason } from '../rules/payment-plausibility';
import type { DealReport, GcStatus } from '../rules/deal-status';

/** A refused report as the console lists it. */
export interface RefusedPayment extends PaymentRefusal {
  dealNumber: string;
  /** The lead whose deal it is; null for a number the site never sent. */
  leadId: number | null;
  gcStatus: GcStatus;
  costKopecks: number | null;
  paidKopecks: number | null;
  source: DealReport['source'];
  firstAt: number;
  lastAt: number;
  calls: number;
}

export interface DealRefusedPaymentsRepository {
  /** Keeps a refused report on a deal, inside the caller's transaction (the report's). */
  record(report: DealReport, refusal: PaymentRefusal, leadId: number | null, trx: Kysely<Database>): Promise<void>;
  /** Deal numbers with a refused report. */
  count(): Promise<number>;
  /** The latest `limit` of them, the last refused first. */
  list(limit: number): Promise<RefusedPayment[]>;
}

export function createDealRefusedPaymentsRepository(handle: DatabaseHandle): DealRefusedPaymentsRepository {
  const { db } = handle;
  return {
    async record(report, refusal, leadId, trx) {
      const latest = {
        lead_id: leadId,
        reason: refusal.reason,
        limit_kopecks: refusal.limitKopecks,
        course: refusal.course,
        gc_status: report.gcStatus,
        cost_kopecks: report.costKopecks,
        paid_kopecks: report.paidKopecks,
        source: report.source,
        last_at: report.at,
      };
      await trx
        .insertInto('deal_refused_payments')
        .values({ deal_number: report.dealNumber, ...latest, first_at: report.at, calls: 1 })
        .onConflict((conflict) => conflict.column('deal_number').doUpdateSet({ ...latest, calls: sql<number>`deal_refused_payments.calls + 1` }))
        .execute();
    },

    async count() {
      const row = await db
        .selectFrom('deal_refused_payments')
        .select(sql<number | string>`count(*)`.as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async list(limit) {
      const rows = await db.selectFrom('deal_refused_payments').selectAll().orderBy('last_at', 'desc').orderBy('deal_number').limit(limit).execute();
      const amount = (value: number | string | null) => (value === null ? null : Number(value));
      return rows.map((row) => ({
        dealNumber: row.deal_number,
        leadId: row.lead_id === null ? null : Number(row.lead_id),
        reason: row.reason as PaymentRefusalReason,
        limitKopecks: Number(row.limit_kopecks),
        course: row.course,
        gcStatus: row.gc_status as GcStatus,
        costKopecks: amount(row.cost_kopecks),
        paidKopecks: amount(row.paid_kopecks),
        source: row.source as DealReport['source'],
        firstAt: Number(row.first_at),
        lastAt: Number(row.last_at),
        calls: Number(row.calls),
      }));
    },
  };
}
