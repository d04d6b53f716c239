import { moscowToday } from '@/lib/calendar';
import type { GetCourseConfig } from '../config';
import { consoleLogger, errorKind, type Logger } from '../log';
import type { Repositories } from '../repositories';
import { fetchExport, requestDealsExport, type ExportTable } from './export-client';
import { paymentRefusal } from '../rules/payment-plausibility';
import { gcStatusOf, parseMoney, type DealReport } from '../rules/deal-status';

/**
 * Callbacks get lost; the reconciliation asks GetCourse's export API for the deals whose status changed
 * since its last success and applies them as the callback would (idempotent, by status rank). It is
 * resumable: the export id is stored as soon as GetCourse gives it, so a run that crashed polls that
 * export instead of asking for another (GetCourse allows one at a time, ~100 requests per 2 hours).
 */
export interface ReconcileOptions {
  repos: Pick<Repositories, 'deals' | 'dealReconciliation'>;
  getCourse: GetCourseConfig;
  /** Between "not ready" answers (RECONCILE_POLL_MS). */
  pollMs: number;
  /** Polls of one export per run before the run gives up (the export id is kept for the next run). */
  maxPolls?: number;
  /** Tries while GetCourse is busy with another export, `pollMs` apart. */
  maxBusyTries?: number;
  /** The first run looks back this far. */
  firstLookBackMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  log?: Logger;
}

export type ReconcileResult =
  { result: 'done'; deals: number; changed: number; unchanged: number; unmatched: number; refused: number } | { result: 'failed'; error: string };

const DAY_MS = 86_400_000;
export const DEFAULT_RECONCILE_POLL_MS = 60_000;

/** Column titles of GetCourse's deals export the reconciliation reads (nothing personal is read). */
const columns = {
  number: /^номер$/i,
  status: /^статус$/i,
  cost: /^стоимость/i,
  paid: /^оплачено$/i,
  paidAt: /^дата оплаты$/i,
};

/** `2026-11-24 12:30:00` (Moscow, as GetCourse writes dates) → epoch ms; null when absent or not a date. */
export function parseMoscowDateTime(text: unknown): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(String(text ?? '').trim());
  if (!match) return null;
  const [year, month, day, hours = '0', minutes = '0', seconds = '0'] = match.slice(1);
  return Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hours) - 3, Number(minutes), Number(seconds));
}

/** The reports in an export table; rows without a usable number or status are skipped (counted in the log). */
export function reportsOfExport(table: ExportTable, now: number): { reports: DealReport[]; skipped: number } {
  const index = (pattern: RegExp) => table.fields.findIndex((field) => pattern.test(field.trim()));
  const at = {
    number: index(columns.number),
    status: index(columns.status),
    cost: index(columns.cost),
    paid: index(columns.paid),
    paidAt: index(columns.paidAt),
  };
  const reports: DealReport[] = [];
  let skipped = 0;
  for (const item of table.items) {
    const cell = (position: number) => (position < 0 ? '' : String(item[position] ?? ''));
    const number = cell(at.number).trim();
    const gcStatus = gcStatusOf(cell(at.status));
    const cost = parseMoney(cell(at.cost));
    const paid = parseMoney(cell(at.paid));
    if (!/^\d{1,20}$/.test(number) || !gcStatus || cost === undefined || paid === undefined) {
      skipped += 1;
      continue;
    }
    reports.push({ dealNumber: number, gcStatus, costKopecks: cost, paidKopecks: paid, at: parseMoscowDateTime(cell(at.paidAt)) ?? now, source: 'reconcile' });
  }
  return { reports, skipped };
}

export async function reconcileDeals(options: ReconcileOptions): Promise<ReconcileResult> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const log = options.log ?? consoleLogger;
  const { repos, getCourse, pollMs } = options;
  const maxPolls = options.maxPolls ?? 30;
  const maxBusyTries = options.maxBusyTries ?? 10;

  const fail = async (error: string, keepExport: boolean): Promise<ReconcileResult> => {
    await repos.dealReconciliation.save({ lastFailureAt: now(), lastError: error, ...(keepExport ? {} : { exportId: null, exportStartedAt: null }) });
    log.warn('reconcile.failed', { error });
    return { result: 'failed', error };
  };

  try {
    const state = await repos.dealReconciliation.state();
    let exportId = state.exportId;
    let startedAt = state.exportStartedAt ?? now();
    if (exportId) {
      log.info('reconcile.resume', { exportId });
    } else {
      // A day of overlap: reports are idempotent, and GetCourse's filter is by day.
      const since = state.since ?? now() - (options.firstLookBackMs ?? 30 * DAY_MS);
      const fromDay = moscowToday(new Date(since - DAY_MS));
      startedAt = now();
      for (let attempt = 1; ; attempt += 1) {
        const asked = await requestDealsExport(getCourse, fromDay);
        if (asked.kind === 'ok') {
          exportId = asked.value;
          break;
        }
        if (asked.kind === 'busy' && attempt < maxBusyTries) {
          await sleep(pollMs);
          continue;
        }
        return await fail(asked.kind === 'failed' || asked.kind === 'refused' ? asked.code : asked.kind, false);
      }
      await repos.dealReconciliation.save({ exportId, exportStartedAt: startedAt });
      log.info('reconcile.export_requested', { exportId, fromDay });
    }

    let table: ExportTable | null = null;
    for (let poll = 1; poll <= maxPolls; poll += 1) {
      const answer = await fetchExport(getCourse, exportId);
      if (answer.kind === 'ok') {
        table = answer.value;
        break;
      }
      // An export GetCourse no longer knows: ask for a new one next run.
      if (answer.kind === 'refused') return await fail(answer.code, false);
      if (poll < maxPolls) await sleep(pollMs);
    }
    if (!table) return await fail('not_ready', true);

    const { reports, skipped } = reportsOfExport(table, now());
    const counts = { changed: 0, unchanged: 0, unmatched: 0, refused: 0 };
    // The export is judged like a callback: a deal whose figures cannot be right is kept apart, not counted.
    for (const report of reports) counts[(await repos.deals.apply(report, paymentRefusal)).result] += 1;
    await repos.dealReconciliation.save({ since: startedAt, exportId: null, exportStartedAt: null, lastSuccessAt: now(), lastError: null });
    log.info('reconcile.done', { deals: reports.length, skipped, ...counts });
    return { result: 'done', deals: reports.length, ...counts };
  } catch (error) {
    return fail(errorKind(error), true).catch(() => ({ result: 'failed', error: errorKind(error) }));
  }
}
