/**
 * Why the last reconciliation with GetCourse's deal export failed, as `deal_reconciliation.last_error`
 * stores it (server/deals/reconcile.ts): a code, worded by the console's «Обзор»
 * (features/console-overview/reconcile-failure-labels.ts). A call's failures as a delivery's (`refused`:
 * GetCourse's error code goes to the log), and the export's own: `busy` (another export is running),
 * `not_ready` (the export was not made in time), `crashed` (the run threw: the error's class goes to the log).
 */
import { GETCOURSE_CALL_FAILURES } from './outbox-failures';

export const RECONCILE_FAILURES = [...GETCOURSE_CALL_FAILURES, 'busy', 'not_ready', 'crashed'] as const;
export type ReconcileFailure = (typeof RECONCILE_FAILURES)[number];
