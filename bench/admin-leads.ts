/**
 * `npm run bench:admin`: the console's leads list and CSV export over 200 000 leads, on SQLite and on
 * PostgreSQL (when BENCH_DATABASE_URL or TEST_DATABASE_URL is set: a throw-away schema). Times the
 * server's work (the queries and the CSV encoding), not the page rendering. A benchmark, not a test.
 * One lead in 20 has a paid GetCourse deal (one in 100 refunded); the funnel «Кампании» is
 * timed for 30 days and for the whole year, and the leads list with the payment filter.
 *   BENCH_LEADS (200000)
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { leadsCsvStream } from '../server/admin/leads-csv';
import { paymentRefusal } from '../server/rules/payment-plausibility';
import { createRepositories } from '../server/repositories';
import type { LeadCursor, LeadFilter } from '../server/repositories/lead-queries';
import { openDatabase, type DatabaseHandle } from '../server/db/connection';
import { migrateToLatest } from '../server/db/migrate';
import { benchReport } from './support';

const report = benchReport('admin');

const leadCount = Number(process.env.BENCH_LEADS ?? 200_000);
const postgresUrl = (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || '').trim();
const forms = ['contact', 'popup-junior-discount', 'consultation', 'course-git', 'gift-5'];
const sources = ['yandex', 'vk', 'google', 'telegram', null];
const statuses = ['sent', 'sent', 'sent', 'pending', 'dead'] as const;
const campaigns = ['winter', 'spring', 'black-friday', 'retarget', 'brand', 'junior-vk', 'middle-yd', 'react-tg', 'git-free', null];
const SPAN_MS = 320 * 86_400_000;
const START = Date.UTC(2026, 0, 1);

/** Runs `work` for 0..count-1, `width` at a time (PostgreSQL's pool serves them side by side; SQLite one by one). */
async function inParallel(count: number, width: number, work: (index: number) => Promise<void>): Promise<void> {
  for (let from = 0; from < count; from += width) {
    await Promise.all(Array.from({ length: Math.min(width, count - from) }, (_, offset) => work(from + offset)));
  }
}

/**
 * The leads as the site makes them, through its repositories: each accepted with its delivery, the
 * deliveries claimed and their results recorded as the worker does (three in five sent, one waiting for a
 * retry, one given up on), and one lead in 20 paid (one in 100 refunded after paying, in step with
 * nothing else) by GetCourse's reports. Durability is off while seeding (SQLite does not wait for its
 * disk, PostgreSQL for its commit's flush: see `main`); the timings below are reads.
 */
async function seed(handle: DatabaseHandle): Promise<void> {
  const repos = createRepositories(handle);
  const width = handle.dialect === 'postgres' ? 8 : 1;
  const step = Math.floor(SPAN_MS / leadCount);
  const leads = new Map<number, { index: number; createdAt: number }>();
  if (handle.dialect === 'sqlite') await sql`pragma synchronous = off`.execute(handle.db);
  await inParallel(leadCount, width * 25, async (i) => {
    const createdAt = START + i * step;
    const { leadId } = await repos.leads.accept(
      {
        createdAt,
        formId: forms[i % forms.length]!,
        productName: 'Курс',
        event: 'lead',
        name: `Посетитель ${i}`,
        email: `visitor${i}@example.com`,
        phone: `+7916${String(i).padStart(7, '0')}`,
        // Not in step with the form, so every form has leads from every source.
        utm: { source: sources[Math.floor(i / forms.length) % sources.length] ?? undefined, campaign: campaigns[i % campaigns.length] ?? undefined },
        pagePath: '/products/junior-js',
        variantId: null,
        blockId: null,
        googleClientId: null,
        yandexClientId: null,
        consentTextVersion: '2026-01',
        clientAddressHash: null,
        isSpam: i % 97 === 0,
        deliveryMode: 'deal',
      },
      { kind: 'deal', payload: {} },
    );
    leads.set(leadId, { index: i, createdAt });
  });

  // Every delivery is due by the end of the seeded year; one refused for now waits until long after it.
  const due = START + SPAN_MS + 86_400_000;
  const paid: { dealNumber: string; index: number; createdAt: number }[] = [];
  for (
    let claims = await repos.deliveryQueue.claimDue({ now: due, limit: 1000, leaseMs: 60_000 });
    claims.length > 0;
    claims = await repos.deliveryQueue.claimDue({ now: due, limit: 1000, leaseMs: 60_000 })
  ) {
    await inParallel(claims.length, width, async (k) => {
      const claim = claims[k]!;
      const { index, createdAt } = leads.get(claim.leadId!)!;
      const status = statuses[index % statuses.length]!;
      if (status === 'sent') await repos.deliveryQueue.markSent(claim, createdAt + 60_000);
      else
        await repos.deliveryQueue.markFailed(
          claim,
          { code: 'http_5xx', detail: '500', retryAt: status === 'pending' ? due + 86_400_000 : null },
          createdAt + 60_000,
        );
      if (index % 20 === 3 || index % 100 === 7) paid.push({ dealNumber: claim.dealNumber!, index, createdAt });
    });
  }

  await inParallel(paid.length, width, async (k) => {
    const { dealNumber, index, createdAt } = paid[k]!;
    const report = { dealNumber, costKopecks: 1_299_000, source: 'reconcile' } as const;
    await repos.deals.apply({ ...report, gcStatus: 'payed', paidKopecks: 1_299_000, at: createdAt + 86_400_000 }, paymentRefusal);
    if (index % 100 === 7) await repos.deals.apply({ ...report, gcStatus: 'cancelled', paidKopecks: 0, at: createdAt + 2 * 86_400_000 }, paymentRefusal);
  });
  if (handle.dialect === 'sqlite') await sql`pragma synchronous = full`.execute(handle.db);
  // Fresh statistics, as a long-running database has them.
  await sql`analyze`.execute(handle.db);
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

/** The median of `runs` timings of one page of 50. */
async function pageMs(handle: DatabaseHandle, filter: LeadFilter, after: LeadCursor | null = null, runs = 15): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) times.push((await timed(() => createRepositories(handle).leadQueries.list(filter, { after, limit: 50 }))).ms);
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

async function run(handle: DatabaseHandle): Promise<void> {
  await migrateToLatest(handle);
  const seeding = await timed(() => seed(handle));
  report.print(`  seeded ${leadCount} leads with their deliveries and deals in ${(seeding.ms / 1000).toFixed(1)} s`);

  // A cursor half-way down, where an OFFSET would have to skip 100 000 rows.
  const middle = await handle.db
    .selectFrom('leads')
    .select(['created_at', 'id'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(Math.floor(leadCount / 2))
    .limit(1)
    .executeTakeFirstOrThrow();
  const deep = { createdAt: Number(middle.created_at), id: middle.id };
  const lists: [string, LeadFilter, LeadCursor | null][] = [
    ['first page, no filter', {}, null],
    ['page half-way down', {}, deep],
    ['form + utm_source', { formId: 'contact', utmSource: 'vk' }, null],
    // The worst case: nothing matches, every lead of the form is looked at.
    ['form + unknown source', { formId: 'contact', utmSource: 'nobody' }, null],
    ['one month, no spam', { from: Date.UTC(2026, 5, 1), to: Date.UTC(2026, 6, 1), spam: 'exclude' }, null],
    ['dead deliveries', { delivery: 'dead' }, null],
    ['search by e-mail', { search: 'VISITOR123456@example.com' }, null],
    ['search by phone', { search: '8 916 012-34-56' }, null],
    ['paid, first page', { payment: 'paid' }, null],
    ['campaign + paid', { utmCampaign: 'brand', payment: 'paid' }, null],
  ];
  for (const [label, filter, after] of lists)
    report.print(`  list: ${label.padEnd(24)} ${(await pageMs(handle, filter, after)).toFixed(1).padStart(7)} ms (median of 15)`);

  // The funnel «Кампании»: the last 30 days of the seeded year, and the whole year (every lead).
  const end = START + SPAN_MS;
  const funnels: [string, 'campaign' | 'source' | 'landing' | 'popup' | 'form', number][] = [
    ['30 days by campaign', 'campaign', end - 30 * 86_400_000],
    ['30 days by source', 'source', end - 30 * 86_400_000],
    ['30 days by landing', 'landing', end - 30 * 86_400_000],
    ['whole year by campaign', 'campaign', START],
  ];
  for (const [label, by, from] of funnels) {
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < 7; i += 1) {
      const { ms, result } = await timed(() => createRepositories(handle).deals.funnel(by, { from, to: end + 1 }));
      times.push(ms);
      rows = result.reduce((sum, row) => sum + row.leads, 0);
    }
    const median = times.sort((a, b) => a - b)[3]!;
    report.print(`  funnel: ${label.padEnd(24)} ${median.toFixed(1).padStart(7)} ms (median of 7; ${rows} leads)`);
  }

  const exported = await timed(async () => {
    let bytes = 0;
    const reader = leadsCsvStream(createRepositories(handle), {}).getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) bytes += chunk.value.byteLength;
    return bytes;
  });
  const rowsPerSecond = Math.round(leadCount / (exported.ms / 1000));
  report.print(`  CSV export of all ${leadCount}: ${(exported.ms / 1000).toFixed(2)} s, ${rowsPerSecond} rows/s, ${(exported.result / 1e6).toFixed(1)} MB`);
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-admin-'));
  report.print('SQLite');
  const sqlite = await openDatabase({ dialect: 'sqlite', file: path.join(dir, 'bench.db') });
  try {
    await run(sqlite);
  } finally {
    await sqlite.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }

  if (!postgresUrl) {
    report.print('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    console.error(`written to ${report.record()}`);
    return;
  }
  report.print('PostgreSQL');
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const admin = await openDatabase({ dialect: 'postgres', url: postgresUrl });
  await sql`create schema ${sql.id(schema)}`.execute(admin.db);
  const url = new URL(postgresUrl);
  // The seeding's many small commits do not wait for their flush (the benchmark's timings are reads).
  url.searchParams.set('options', `-c search_path=${schema} -c synchronous_commit=off`);
  const postgres = await openDatabase({ dialect: 'postgres', url: url.toString() });
  try {
    await run(postgres);
  } finally {
    await postgres.close();
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin.db);
    await admin.close();
  }
  console.error(`written to ${report.record()}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
