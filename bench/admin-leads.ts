/**
 * `npm run bench:admin`: the console's leads list and CSV export over 200 000 leads, on SQLite and on
 * PostgreSQL (when BENCH_DATABASE_URL or TEST_DATABASE_URL is set: a throw-away schema). Times the
 * server's work (the queries and the CSV encoding), not the page rendering. A benchmark, not a test.
 * Issue 27: one lead in 20 has a paid GetCourse deal (one in 100 refunded); the funnel «Кампании» is
 * timed for 30 days and for the whole year, and the leads list with the payment filter.
 *   BENCH_LEADS (200000)
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { leadsCsvStream } from '../server/admin/leads-csv';
import { createRepositories } from '../server/repositories';
import type { LeadCursor, LeadFilter } from '../server/repositories/leads';
import { openDatabase, type DatabaseHandle } from '../server/db/connection';
import { migrateToLatest } from '../server/db/migrate';

const leadCount = Number(process.env.BENCH_LEADS ?? 200_000);
const postgresUrl = (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || '').trim();
const forms = ['contact', 'popup-junior-discount', 'consultation', 'course-git', 'gift-5'];
const sources = ['yandex', 'vk', 'google', 'telegram', null];
const statuses = ['sent', 'sent', 'sent', 'pending', 'dead'] as const;
const campaigns = ['winter', 'spring', 'black-friday', 'retarget', 'brand', 'junior-vk', 'middle-yd', 'react-tg', 'git-free', null];
const SPAN_MS = 320 * 86_400_000;
const START = Date.UTC(2026, 0, 1);

async function seed(handle: DatabaseHandle): Promise<void> {
  const start = START;
  const step = Math.floor(SPAN_MS / leadCount);
  for (let from = 0; from < leadCount; from += 1000) {
    const count = Math.min(1000, leadCount - from);
    await handle.db.transaction().execute(async (trx) => {
      const leads = await trx
        .insertInto('leads')
        .values(
          Array.from({ length: count }, (_, offset) => {
            const i = from + offset;
            return {
              created_at: start + i * step,
              form_id: forms[i % forms.length]!,
              product_name: 'Курс',
              event: 'lead',
              name: `Посетитель ${i}`,
              email: `visitor${i}@example.com`,
              phone: `+7916${String(i).padStart(7, '0')}`,
              // Not in step with the form, so every form has leads from every source.
              utm_source: sources[Math.floor(i / forms.length) % sources.length]!,
              utm_campaign: campaigns[i % campaigns.length]!,
              page_path: '/products/junior-js',
              consent_text_version: '2026-01',
              is_spam: i % 97 === 0 ? 1 : 0,
              delivery_mode: 'deal',
            };
          }),
        )
        .returning(['id', 'created_at'])
        .execute();
      await trx
        .insertInto('outbox')
        .values(
          leads.map((lead, offset) => ({
            kind: 'deal',
            lead_id: lead.id,
            deal_number: String(1_000_000_000 + lead.id),
            payload: '{}',
            status: statuses[(from + offset) % statuses.length]!,
            attempts: 1,
            next_attempt_at: Number(lead.created_at),
            created_at: Number(lead.created_at),
            updated_at: Number(lead.created_at),
          })),
        )
        .execute();
      // One lead in 20 paid (in step with nothing else), one in 100 refunded after paying.
      const paid = leads.filter((_, offset) => (from + offset) % 20 === 3 || (from + offset) % 100 === 7);
      if (paid.length > 0) {
        await trx
          .insertInto('deals')
          .values(
            paid.map((lead) => {
              const i = from + leads.indexOf(lead);
              const refunded = i % 100 === 7;
              return {
                deal_number: String(1_000_000_000 + lead.id),
                lead_id: lead.id,
                status: refunded ? 'refunded' : 'paid',
                gc_status: refunded ? 'cancelled' : 'payed',
                rank: refunded ? 5 : 3,
                cost_kopecks: 1_299_000,
                paid_kopecks: refunded ? 0 : 1_299_000,
                paid_at: Number(lead.created_at) + 86_400_000,
                changed_at: Number(lead.created_at) + 86_400_000,
                lead_created_at: Number(lead.created_at),
                form_id: forms[i % forms.length]!,
                utm_source: sources[Math.floor(i / forms.length) % sources.length]!,
                utm_campaign: campaigns[i % campaigns.length]!,
                page_path: '/products/junior-js',
                variant_id: null,
              };
            }),
          )
          .execute();
      }
    });
  }
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
  for (let i = 0; i < runs; i += 1) times.push((await timed(() => createRepositories(handle).leads.list(filter, { after, limit: 50 }))).ms);
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

async function run(handle: DatabaseHandle): Promise<void> {
  await migrateToLatest(handle);
  const seeding = await timed(() => seed(handle));
  console.log(`  seeded ${leadCount} leads with their deliveries in ${(seeding.ms / 1000).toFixed(1)} s`);

  // A cursor half-way down, where an OFFSET would have to skip 100 000 rows.
  const middle = await handle.db.selectFrom('leads').select(['created_at', 'id']).orderBy('created_at', 'desc').orderBy('id', 'desc').offset(Math.floor(leadCount / 2)).limit(1).executeTakeFirstOrThrow();
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
  for (const [label, filter, after] of lists) console.log(`  list: ${label.padEnd(24)} ${(await pageMs(handle, filter, after)).toFixed(1).padStart(7)} ms (median of 15)`);

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
    console.log(`  funnel: ${label.padEnd(24)} ${median.toFixed(1).padStart(7)} ms (median of 7; ${rows} leads)`);
  }

  const exported = await timed(async () => {
    let bytes = 0;
    const reader = leadsCsvStream(createRepositories(handle), {}).getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) bytes += chunk.value.byteLength;
    return bytes;
  });
  const rowsPerSecond = Math.round(leadCount / (exported.ms / 1000));
  console.log(`  CSV export of all ${leadCount}: ${(exported.ms / 1000).toFixed(2)} s, ${rowsPerSecond} rows/s, ${(exported.result / 1e6).toFixed(1)} MB`);
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-admin-'));
  console.log('SQLite');
  const sqlite = await openDatabase({ dialect: 'sqlite', file: path.join(dir, 'bench.db') });
  try {
    await run(sqlite);
  } finally {
    await sqlite.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }

  if (!postgresUrl) {
    console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    return;
  }
  console.log('PostgreSQL');
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const admin = await openDatabase({ dialect: 'postgres', url: postgresUrl });
  await sql`create schema ${sql.id(schema)}`.execute(admin.db);
  const url = new URL(postgresUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const postgres = await openDatabase({ dialect: 'postgres', url: url.toString() });
  try {
    await run(postgres);
  } finally {
    await postgres.close();
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin.db);
    await admin.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
