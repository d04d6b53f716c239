/**
 * The GetCourse delivery worker as its own process, for deployments that run the web servers with
 * OUTBOX_WORKER=off (any number of workers may run; they share the queue safely).
 *   npm run worker                  deliver until SIGTERM / SIGINT, finish the deliveries under way, exit 0
 *   npm run worker -- status        deliveries by status, and the dead ones with their last error
 *   npm run worker -- requeue-dead  give the dead deliveries a fresh set of attempts
 */
import { exitGracefullyOnSignal } from '../server/ops/graceful-stop';
import { createAlertWorker, createWorker, getServerRuntime, stopGraceMs, type ServerRuntime } from '../server/runtime';

/** Delivers until SIGTERM / SIGINT, then finishes the deliveries it holds (bounded) and exits 0. */
function run(runtime: ServerRuntime) {
  const worker = createWorker(runtime);
  worker.start();
  // The managers' lead alerts (Telegram, e-mail) go out from the same process, in their own loop.
  const alertWorker = createAlertWorker(runtime);
  alertWorker.start();
  exitGracefullyOnSignal({
    process: 'worker',
    graceMs: stopGraceMs(),
    stop: async () => {
      await Promise.all([worker.stop(), alertWorker.stop()]);
      await runtime.database.close();
    },
  });
}

async function status({ config, repos }: ServerRuntime) {
  const counts = await repos.outbox.countByStatus();
  console.log(`GetCourse: ${config.getCourse ? config.getCourse.baseUrl : 'NOT CONFIGURED (deliveries are kept and wait)'}`);
  console.log(`pending ${counts.pending}, sending ${counts.sending}, sent ${counts.sent}, dead ${counts.dead}`);
  const alerts = await repos.outbox.alertHealth();
  console.log(`lead alerts: waiting ${alerts.waiting}, dead ${alerts.dead} (Telegram ${alerts.deadByChannel.telegram}, e-mail ${alerts.deadByChannel.email})`);
  for (const row of await repos.outbox.list({ status: 'dead' })) {
    console.log(`dead #${row.id} ${row.kind} lead ${row.leadId ?? '-'} after ${row.attempts} attempts: ${row.lastError ?? ''}`);
  }
}

async function main() {
  const command = process.argv[2] ?? 'run';
  const runtime = await getServerRuntime();
  if (command === 'run') return run(runtime);
  try {
    if (command === 'status') await status(runtime);
    else if (command === 'requeue-dead') console.log(`requeued ${await runtime.repos.outbox.requeueDead(Date.now())} dead deliveries`);
    else {
      console.error(`unknown command "${command}": use run, status or requeue-dead`);
      process.exitCode = 2;
    }
  } finally {
    await runtime.database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
