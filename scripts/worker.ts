/**
 * The site's background work as its own process, for deployments that run the web servers with
 * OUTBOX_WORKER=off (any number of these may run; they share the queues safely): the GetCourse
 * deliveries and the managers' lead alerts of the outbox, and the hourly retention job (server/start-workers.ts).
 *   npm run worker                  work until SIGTERM / SIGINT, finish the sends under way, exit 0
 *   npm run worker -- status        deliveries and alerts by status, and the dead ones with their last error
 *   npm run worker -- requeue-dead  give the dead deliveries and alerts a fresh set of attempts
 */
import { startWorkers } from '../server/start-workers';
import { exitGracefullyOnSignal } from '../server/ops/graceful-stop';
import { getServerRuntime, stopGraceMs, type ServerRuntime } from '../server/runtime';

/** Works until SIGTERM / SIGINT, then finishes the sends it holds (bounded) and exits 0. */
function run(runtime: ServerRuntime) {
  const workers = startWorkers(runtime);
  exitGracefullyOnSignal({
    process: 'worker',
    graceMs: stopGraceMs(),
    stop: async () => {
      await workers.stop();
      await runtime.database.close();
    },
  });
}

async function status({ config, repos }: ServerRuntime) {
  const counts = await repos.deliveryQueue.countByStatus();
  console.log(`GetCourse: ${config.getCourse ? config.getCourse.baseUrl : 'NOT CONFIGURED (deliveries are kept and wait)'}`);
  console.log(`pending ${counts.pending}, sending ${counts.sending}, sent ${counts.sent}, dead ${counts.dead}`);
  const alerts = await repos.alertQueue.health(Date.now());
  console.log(`lead alerts: waiting ${alerts.waiting}, dead ${alerts.dead} (Telegram ${alerts.deadByChannel.telegram}, e-mail ${alerts.deadByChannel.email})`);
  const dead = [...(await repos.deliveryQueue.list({ status: 'dead' })), ...(await repos.alertQueue.list({ status: 'dead' }))];
  for (const row of dead) {
    const failure = row.lastError ? `${row.lastError.code}${row.lastError.detail ? ` (${row.lastError.detail})` : ''}` : '';
    console.log(`dead #${row.id} ${row.kind} lead ${row.leadId ?? '-'} after ${row.attempts} attempts: ${failure}`);
  }
}

async function requeueDead({ repos }: ServerRuntime) {
  const now = Date.now();
  const deliveries = await repos.deliveryQueue.requeueDead(now);
  const alerts = await repos.alertQueue.requeueDead(now);
  console.log(`requeued ${deliveries} dead deliveries and ${alerts} dead alerts`);
}

async function main() {
  const command = process.argv[2] ?? 'run';
  const runtime = await getServerRuntime();
  if (command === 'run') return run(runtime);
  try {
    if (command === 'status') await status(runtime);
    else if (command === 'requeue-dead') await requeueDead(runtime);
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
