/**
 * The reconciliation of GetCourse payments: asks GetCourse's export API for the deals whose
 * status changed since the last success and fills in what lost callbacks missed. One run, then exit
 * (0: done; 1: failed, recorded for the health page and the metrics). deploy/reconcile.timer runs it hourly.
 *   npm run reconcile            one run
 *   npm run reconcile -- status  the last success and failure, and the unmatched numbers
 */
import { DEFAULT_RECONCILE_POLL_MS, reconcileDeals } from '../server/deals/reconcile';
import { getServerRuntime } from '../server/runtime';

async function main() {
  const command = process.argv[2] ?? 'run';
  const runtime = await getServerRuntime();
  try {
    const { repos, config } = runtime;
    if (command === 'status') {
      const state = await repos.dealReconciliation.state();
      const at = (time: number | null) => (time === null ? 'never' : new Date(time).toISOString());
      console.log(`last success ${at(state.lastSuccessAt)}, last failure ${at(state.lastFailureAt)}${state.lastError ? ` (${state.lastError})` : ''}`);
      console.log(`export in flight: ${state.exportId ?? 'none'}; unmatched deal numbers: ${await repos.dealUnmatchedCallbacks.count()}`);
      return;
    }
    if (command !== 'run') {
      console.error(`unknown command "${command}": use run or status`);
      process.exitCode = 2;
      return;
    }
    if (!config.getCourse) {
      console.error('GetCourse is not configured (GETCOURSE_ACCOUNT and GETCOURSE_API_KEY): nothing to reconcile');
      process.exitCode = 1;
      return;
    }
    const pollMs = Number(process.env.RECONCILE_POLL_MS) > 0 ? Number(process.env.RECONCILE_POLL_MS) : DEFAULT_RECONCILE_POLL_MS;
    const result = await reconcileDeals({ repos, getCourse: config.getCourse, pollMs });
    console.log(JSON.stringify(result));
    if (result.result === 'failed') process.exitCode = 1;
  } finally {
    await runtime.database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
