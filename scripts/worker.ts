/**
 * The GetCourse delivery worker as its own process, for deployments that run the web servers with
 * OUTBOX_WORKER=off (any number of workers may run; they share the queue safely).
 *   npm run worker                  deliver until SIGTERM / SIGINT, then finish the calls under way
 *   npm run worker -- status        deliveries by status, and the dead ones with their last error
 *   npm run worker -- requeue-dead  give the dead deliveries a fresh set of attempts
 */
import { createWorker, getServerRuntime, type ServerRuntime } from '../server/runtime';

async function run(runtime: ServerRuntime) {
  const worker = createWorker(runtime);
  worker.start();
  await new Promise<void>((resolve) => {
    process.once('SIGTERM', resolve);
    process.once('SIGINT', resolve);
  });
  await worker.stop();
}

async function status({ config, repos }: ServerRuntime) {
  const counts = await repos.outbox.countByStatus();
  console.log(`GetCourse: ${config.getCourse ? config.getCourse.baseUrl : 'NOT CONFIGURED (deliveries are kept and wait)'}`);
  console.log(`pending ${counts.pending}, sending ${counts.sending}, sent ${counts.sent}, dead ${counts.dead}`);
  for (const row of await repos.outbox.list({ status: 'dead' })) {
    console.log(`dead #${row.id} ${row.kind} lead ${row.leadId ?? '-'} after ${row.attempts} attempts: ${row.lastError ?? ''}`);
  }
}

async function main() {
  const command = process.argv[2] ?? 'run';
  const runtime = await getServerRuntime();
  try {
    if (command === 'run') await run(runtime);
    else if (command === 'status') await status(runtime);
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
