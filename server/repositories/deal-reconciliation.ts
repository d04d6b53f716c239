/**
 * `deal_reconciliation`: where the reconciliation with GetCourse's deal export stands (server/deals/reconcile.ts),
 * one row named `getcourse`.
 */
import type { DatabaseHandle } from '../db/connection';

export interface ReconciliationState {
  since: number | null;
  exportId: string | null;
  exportStartedAt: number | null;
  lastSuccessAt: number | null;
  lastFailureAt: number | null;
  lastError: string | null;
}

export interface DealReconciliationRepository {
  state(): Promise<ReconciliationState>;
  /** Changes the fields `patch` names and keeps the others. */
  save(patch: Partial<ReconciliationState>): Promise<void>;
}

const RECONCILIATION = 'getcourse';

export function createDealReconciliationRepository(handle: DatabaseHandle): DealReconciliationRepository {
  const { db } = handle;
  return {
    async state() {
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

    async save(patch) {
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
