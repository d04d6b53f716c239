/**
 * Why the last reconciliation with GetCourse's deal export failed, as `deal_reconciliation.last_error`
 * stores it (server/deals/reconcile.ts): a code, worded by the console's «Обзор»
 * (features/console-overview/payments-health.tsx). The call's kinds as the GetCourse client's
 * (`timeout`, `network`, `http_4xx`, `http_5xx`, `not_json`), GetCourse's own: `busy` (another export is
 * running), `not_ready` (the export was not made in time), `refused` (its error code goes to the log),
 * and `crashed` (the run threw: the error's class goes to the log).
 */
export const RECONCILE_FAILURES = ['timeout', 'network', 'http_4xx', 'http_5xx', 'not_json', 'busy', 'not_ready', 'refused', 'crashed'] as const;
export type ReconcileFailure = (typeof RECONCILE_FAILURES)[number];
