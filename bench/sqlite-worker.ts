/**
 * `npm run bench:sqlite-worker`: does a separate delivery worker (`OUTBOX_WORKER=off` on the web server,
 * the worker as its own process) slow the site down on SQLite? Both processes write the same file, and
 * better-sqlite3 waits for the other one's write lock synchronously, inside the web process's event loop.
 * A benchmark, not a test.
 *
 * One web server (the production build) on a fresh SQLite file, BENCH_BACKLOG (2000) waiting deliveries
 * and a fake GetCourse that answers at once. Clients load a pre-rendered page, read the gift schedule
 * (a database read) and send leads (a database write) in turn, first with no worker running (idle),
 * then while the worker process drains the backlog, then while another process holds the write lock
 * for BENCH_HOLD_MS (2000) three times (what a long transaction of another process does: retention of
 * a large table, an erasure). Prints p50 / p95 / max latency of each, and the web process's longest
 * event-loop stall (prom-client's `nodejs_eventloop_lag_max_seconds`) per phase.
 *   BENCH_BACKLOG (2000)  BENCH_CONCURRENCY (4)  BENCH_IDLE_REQUESTS (600)  BENCH_HOLD_MS (2000)
 * Needs a build (`npm run build`, or NEXT_DIST_DIR=… for another one); the worker runs as deployed
 * (`cli/worker.mjs` of a standalone build) or, without one, through tsx.
 */
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/db/connection';
import { createRepositories } from '../server/repositories';
import { sampleLead } from '../server/testing/fixtures';
import { parseExposition } from '../server/testing/prometheus-text';
import { startFakeGetCourse } from '../tests/support/fake-getcourse';
import { assertBuilt, distDir, freePort, leadBody, serverEnv, startNextServer, type NextServer } from '@/tests/support/next-server';
import { benchReport } from './support';
import { LEADS_ENDPOINT } from '../lib/api-contract';

const output = benchReport('sqlite-worker');

const backlog = Number(process.env.BENCH_BACKLOG ?? 2000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 4);
const idleRequests = Number(process.env.BENCH_IDLE_REQUESTS ?? 600);
const holdMs = Number(process.env.BENCH_HOLD_MS ?? 2000);
const HOLDS = 3;
const METRICS_TOKEN = 'bench-metrics-token';

type Kind = 'page' | 'read' | 'write';
const kinds: Kind[] = ['page', 'read', 'write'];

/** One request of that kind, timed to its last body byte by the caller. */
async function send(server: NextServer, kind: Kind): Promise<boolean> {
  const lead = { method: 'POST', headers: { 'content-type': 'application/json', origin: server.url }, body: JSON.stringify(leadBody('bench').body) };
  const response =
    kind === 'page'
      ? await fetch(`${server.url}/`)
      : kind === 'read'
        ? await fetch(`${server.url}/api/gift-schedule`)
        : await fetch(`${server.url}${LEADS_ENDPOINT}`, lead);
  await response.arrayBuffer();
  return response.ok;
}

/** Runs the clients until `done()` says so (or `count` requests were sent); latencies by kind, in ms. */
async function load(server: NextServer, until: { count?: number; done?: () => boolean }) {
  const latencies: Record<Kind, number[]> = { page: [], read: [], write: [] };
  let sent = 0;
  let failed = 0;
  const client = async (offset: number) => {
    for (let turn = offset; ; turn += 1) {
      if (until.count !== undefined && sent >= until.count) return;
      if (until.done?.()) return;
      sent += 1;
      const kind = kinds[turn % kinds.length]!;
      const started = performance.now();
      const ok = await send(server, kind).catch(() => false);
      latencies[kind].push(performance.now() - started);
      if (!ok) failed += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, index) => client(index)));
  return { latencies, failed };
}

/** The web process's longest event-loop delay since the previous scrape (prom-client resets it each time). */
async function eventLoopMaxMs(server: NextServer): Promise<number> {
  const response = await fetch(`${server.url}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const sample = parseExposition(await response.text()).find((entry) => entry.name === 'nodejs_eventloop_lag_max_seconds');
  return (sample?.value ?? 0) * 1000;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

function report(phase: string, result: Awaited<ReturnType<typeof load>>, loopMaxMs: number, extra = '') {
  output.print(`\n${phase}${extra}: ${result.failed} failed; web event loop's longest stall ${loopMaxMs.toFixed(0)} ms`);
  output.print('  kind   requests   p50 ms   p95 ms   max ms');
  for (const kind of kinds) {
    const sorted = [...result.latencies[kind]].sort((a, b) => a - b);
    const cells = [percentile(sorted, 50), percentile(sorted, 95), sorted.at(-1) ?? 0].map((ms) => ms.toFixed(1).padStart(8));
    output.print(`  ${kind.padEnd(6)} ${String(sorted.length).padStart(8)} ${cells.join(' ')}`);
  }
}

function workerCommand(): string[] {
  const bundled = path.resolve(distDir, 'standalone', 'cli', 'worker.mjs');
  return fs.existsSync(bundled) ? [bundled] : ['--import', 'tsx', path.resolve('scripts/worker.ts')];
}

async function main() {
  assertBuilt();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-site-bench-sqlite-'));
  const file = path.join(dir, 'site.db');
  const gc = await startFakeGetCourse();
  const env = serverEnv({
    SQLITE_PATH: file,
    OUTBOX_WORKER: 'off',
    GETCOURSE_ACCOUNT: 'bench',
    GETCOURSE_API_KEY: 'bench-key',
    GETCOURSE_BASE_URL: gc.url,
    ADDRESS_HASH_KEY: 'bench-address-hash-key-'.repeat(2),
    METRICS_TOKEN,
  });
  const server = await startNextServer(await freePort(), env);
  let worker: ReturnType<typeof spawn> | null = null;
  try {
    const database = await openDatabase({ dialect: 'sqlite', file });
    const repos = createRepositories(database);
    for (let index = 0; index < backlog; index += 1) {
      await repos.leads.accept(sampleLead({ email: `backlog-${index}@example.com` }), { kind: 'deal', payload: { productTitle: 'Заявка с сайта' } });
    }
    const waiting = async () => (await repos.deliveryQueue.countByStatus()).pending;
    output.print(`SQLite ${file}: ${await waiting()} deliveries waiting; ${concurrency} clients; worker: node ${workerCommand().join(' ')}`);

    await load(server, { count: 150 }); // warm-up: compiled routes, caches
    await eventLoopMaxMs(server);
    report('idle (no worker)', await load(server, { count: idleRequests }), await eventLoopMaxMs(server));

    let drained = false;
    const started = performance.now();
    worker = spawn(process.execPath, workerCommand(), { env: { ...env, OUTBOX_POLL_MS: '50' }, stdio: 'ignore' });
    const watch = (async () => {
      while ((await waiting()) > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      drained = true;
    })();
    const during = await load(server, { done: () => drained });
    await watch;
    const seconds = (performance.now() - started) / 1000;
    report(
      'while the worker drains the backlog',
      during,
      await eventLoopMaxMs(server),
      ` (${seconds.toFixed(1)} s, ${Math.round(backlog / seconds)} deliveries/s)`,
    );
    await database.close();

    // This process takes the write lock and keeps it, as a long transaction of another process would.
    const holder = new Database(file);
    let holding = true;
    const holds = (async () => {
      for (let hold = 0; hold < HOLDS; hold += 1) {
        await sleep(500);
        holder.exec('begin immediate');
        await sleep(holdMs);
        holder.exec('commit');
      }
      await sleep(500);
      holding = false;
    })();
    const held = await load(server, { done: () => !holding });
    await holds;
    holder.close();
    report(`while another process holds the write lock ${HOLDS} × ${holdMs} ms`, held, await eventLoopMaxMs(server));
    console.error(`written to ${output.record()}`);
  } finally {
    worker?.kill('SIGTERM');
    await server.kill('SIGTERM');
    await gc.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
