/**
 * `npm run bench:leads`: how fast the server accepts leads (POST /api/getcourse/orders: validate,
 * rate-limit counter, lead + outbox row in one transaction) on SQLite and on PostgreSQL, next to a
 * pre-rendered page served by the same server in the same run. A benchmark, not a test.
 *
 * Needs a production build (`npm run build`, or NEXT_DIST_DIR=… for another one). PostgreSQL runs when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a throw-away database is created and dropped).
 * The delivery worker runs as in production (inline), sending to a local fake GetCourse.
 *   BENCH_REQUESTS (2000)  BENCH_CONCURRENCY (16)  BENCH_PAGE (/)
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../server/db/connection';
import { startFakeGetCourse } from '../tests/support/fake-getcourse';
import { assertBuilt, distDir, freePort, leadBody, serverEnv, startNextServer } from '@/tests/support/next-server';
import { benchReport } from './support';
import { LEADS_ENDPOINT } from '../lib/api-contract';

const report = benchReport('leads');

const requests = Number(process.env.BENCH_REQUESTS ?? 2000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const pagePath = process.env.BENCH_PAGE ?? '/';
const postgresUrl = (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || '').trim();
const WARM_UP = 200;

interface Figures {
  ok: number;
  failed: number;
  perSecond: number;
  p50: number;
  p99: number;
}

/** Sends `count` requests from `concurrency` clients; latency of each from send to the last body byte. */
async function measure(count: number, send: (index: number) => Promise<boolean>): Promise<Figures> {
  const latencies: number[] = [];
  let next = 0;
  let failed = 0;
  const started = performance.now();
  const client = async () => {
    while (next < count) {
      const index = next++;
      const sentAt = performance.now();
      const ok = await send(index).catch(() => false);
      latencies.push(performance.now() - sentAt);
      if (!ok) failed += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const percentile = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return { ok: count - failed, failed, perSecond: (count - failed) / seconds, p50: percentile(50), p99: percentile(99) };
}

async function benchBackend(name: string, env: Record<string, string>, countLeads: () => Promise<number>) {
  const gc = await startFakeGetCourse();
  const server = await startNextServer(
    await freePort(),
    serverEnv({ ...env, GETCOURSE_API_KEY: 'bench-key', GETCOURSE_BASE_URL: gc.url, OUTBOX_POLL_MS: '1000' }),
  );
  const lead = async () => {
    const { body } = leadBody('bench');
    const response = await fetch(`${server.url}${LEADS_ENDPOINT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { message?: string };
    return response.status === 200 && typeof answer.message === 'string';
  };
  const page = async () => {
    const response = await fetch(`${server.url}${pagePath}`);
    await response.arrayBuffer();
    return response.status === 200;
  };
  try {
    await measure(WARM_UP, lead);
    await measure(WARM_UP, page);
    const leads = await measure(requests, lead);
    const pages = await measure(requests, page);
    const stored = await countLeads();
    return { name, leads, pages, stored, expected: WARM_UP + leads.ok };
  } finally {
    await server.kill('SIGTERM');
    await gc.close();
  }
}

function row(label: string, figures: Figures) {
  return `  ${label.padEnd(34)} ${String(figures.ok).padStart(6)} ${String(figures.failed).padStart(6)} ${figures.perSecond.toFixed(0).padStart(8)} ${figures.p50.toFixed(1).padStart(8)} ${figures.p99.toFixed(1).padStart(8)}`;
}

async function main() {
  assertBuilt();
  report.print(
    `bench:leads — build ${distDir}, ${requests} requests a measurement, ${concurrency} concurrent clients, ${os.cpus().length} CPUs, Node ${process.version}\n`,
  );
  const results = [];

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-site-bench-'));
  try {
    const file = path.join(dir, 'site.db');
    results.push(
      await benchBackend('SQLite', { SQLITE_PATH: file }, async () => {
        const handle = await openDatabase({ dialect: 'sqlite', file });
        try {
          return (
            await handle.db
              .selectFrom('leads')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n;
        } finally {
          await handle.close();
        }
      }),
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }

  if (postgresUrl) {
    const admin = await openDatabase({ dialect: 'postgres', url: postgresUrl });
    const name = `bench_${randomBytes(5).toString('hex')}`;
    await sql`create database ${sql.id(name)}`.execute(admin.db);
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    try {
      results.push(
        await benchBackend('PostgreSQL', { DATABASE_URL: url.toString() }, async () => {
          const handle = await openDatabase({ dialect: 'postgres', url: url.toString() });
          try {
            return Number(
              (
                await handle.db
                  .selectFrom('leads')
                  .select((eb) => eb.fn.countAll().as('n'))
                  .executeTakeFirstOrThrow()
              ).n,
            );
          } finally {
            await handle.close();
          }
        }),
      );
    } finally {
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db);
      await admin.close();
    }
  } else {
    report.print('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it)\n');
  }

  report.print(`  ${''.padEnd(34)} ${'ok'.padStart(6)} ${'failed'.padStart(6)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`);
  for (const { name, leads, pages, stored, expected } of results) {
    report.print(`${name}`);
    report.print(row(`POST ${LEADS_ENDPOINT}`, leads));
    report.print(row(`GET ${pagePath} (pre-rendered)`, pages));
    report.print(
      `  leads vs page: ${(leads.perSecond / pages.perSecond).toFixed(2)}x the throughput, ` +
        `${(leads.p50 / pages.p50).toFixed(1)}x the p50, ${(leads.p99 / pages.p99).toFixed(1)}x the p99 latency`,
    );
    report.print(`  leads in the database afterwards: ${stored} of ${expected} acknowledged${stored === expected ? '' : '  <-- MISMATCH'}\n`);
  }
  console.error(`written to ${report.record()}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
