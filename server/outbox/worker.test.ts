import { moscowToday } from '@/lib/calendar';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { VitalsReport } from '@/lib/vitals/metrics';
import { startFakeGetCourse, type FakeGetCourse, type ReceivedRequest } from '@/tests/support/fake-getcourse';
import { DEFAULT_RETENTION, type GetCourseConfig } from '../config';
import { openDatabase } from '../db/connection';
import { dealNumberFor } from '../getcourse/deal-number';
import type { Logger } from '../log';
import { createRepositories } from '../repositories';
import type { Repositories } from '../repositories/types';
import { createPostgresDatabase, createSqliteDatabase, describeEachDatabase, testDatabaseUrl } from '../testing/databases';
import { sampleLead } from '../testing/fixtures';
import { OutboxWorker, type OutboxWorkerOptions } from './worker';

let gc: FakeGetCourse;
beforeAll(async () => {
  gc = await startFakeGetCourse();
});
afterAll(() => gc.close());

/** Every log line the worker wrote, as text, to check that no personal data is in them. */
function capturingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const write = (level: string) => (event: string, fields?: object) => void lines.push(JSON.stringify({ level, event, ...fields }));
  return { lines, info: write('info'), warn: write('warn'), error: write('error') };
}

async function until(condition: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function successfulDealNumbers(received: ReceivedRequest[]): string[] {
  return received
    .filter((request) => request.path === '/pl/api/deals' && request.outcome === 'success')
    .map((request) => (request.params as { deal: { deal_number: string } }).deal.deal_number);
}

describeEachDatabase('outbox worker against the fake GetCourse', (database) => {
  let log: ReturnType<typeof capturingLogger>;
  let getCourse: GetCourseConfig;

  beforeEach(async () => {
    await database().clear();
    gc.reset();
    log = capturingLogger();
    getCourse = { baseUrl: gc.url, apiKey: 'test-api-key', timeoutMs: 400 };
  });

  function worker(overrides: Partial<OutboxWorkerOptions> = {}, repos: Repositories = database().repos) {
    return new OutboxWorker({
      repos,
      getCourse,
      pollMs: 20,
      batchSize: 10,
      retry: { baseMs: 10, maxMs: 50, maxAttempts: 3 },
      retention: { repos: database().repos, policy: DEFAULT_RETENTION },
      log,
      ...overrides,
    });
  }

  async function queueLead(overrides: Parameters<typeof sampleLead>[0] = {}) {
    const lead = sampleLead(overrides);
    const { leadId, outboxId } = await database().repos.leads.accept(lead, { kind: 'deal', payload: { productTitle: 'Заявка с сайта' } });
    return { lead, leadId, outboxId: outboxId! };
  }

  async function statusOf(outboxId: number) {
    const [row] = await database()
      .handle.db.selectFrom('outbox')
      .select(['status', 'attempts', 'last_error', 'next_attempt_at'])
      .where('id', '=', outboxId)
      .execute();
    return row!;
  }

  function expectNoPersonalData(lead: { name: string; email: string; phone: string }) {
    const text = log.lines.join('\n');
    expect(log.lines.length).toBeGreaterThan(0);
    for (const value of [lead.name, lead.email, lead.phone, lead.phone.slice(2)]) expect(text).not.toContain(value);
  }

  it('sends a deal with the import API format and marks it sent', async () => {
    const { lead, leadId, outboxId } = await queueLead();
    expect(await worker().runOnce()).toEqual({ claimed: 1, sent: 1, retrying: 0, dead: 0 });

    const [request] = gc.received();
    expect(request).toMatchObject({ method: 'POST', path: '/pl/api/deals', form: { action: 'add', key: 'test-api-key' } });
    expect(request!.params).toEqual({
      user: { email: lead.email, phone: '+79161234567', first_name: lead.name },
      system: { refresh_if_exists: 0 },
      session: { utm_source: 'yandex', utm_medium: 'cpc', utm_campaign: '', utm_content: '', utm_term: '' },
      deal: {
        deal_number: dealNumberFor(await database().repos.settings.dealNumberPrefix(), leadId),
        product_title: 'Заявка с сайта',
        deal_status: 'new',
        deal_comment: 'Заявка с сайта, форма «contact»; страница /products/junior-js; вариант b1; блок lead-form; utm_id 42',
      },
    });
    expect(await statusOf(outboxId)).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expectNoPersonalData(lead);
  });

  it('treats HTTP 200 with result.success=false as a failure and retries later', async () => {
    gc.setMode('error200');
    const { lead, outboxId } = await queueLead();
    const before = Date.now();
    expect(await worker().runOnce()).toMatchObject({ claimed: 1, retrying: 1 });
    const row = await statusOf(outboxId);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: 'GetCourse refused the import: Не удалось обработать импорт' });
    expect(row.next_attempt_at).toBeGreaterThanOrEqual(before);
    expectNoPersonalData(lead);
  });

  it('retries on 5xx and on a dropped connection', async () => {
    gc.setMode('error500');
    const first = await queueLead();
    await worker().runOnce();
    expect(await statusOf(first.outboxId)).toMatchObject({ status: 'pending', last_error: 'HTTP 502' });

    gc.setMode('drop');
    const second = await queueLead();
    await worker().runOnce();
    expect((await statusOf(second.outboxId)).last_error).toMatch(/^network error/);
    expectNoPersonalData(second.lead);
  });

  it('gives up on a hanging GetCourse after the timeout instead of stalling', async () => {
    gc.setMode('hang');
    const { outboxId } = await queueLead();
    const started = Date.now();
    expect(await worker().runOnce()).toMatchObject({ claimed: 1, retrying: 1 });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await statusOf(outboxId)).toMatchObject({ status: 'pending', last_error: 'no answer within 400 ms' });
  });

  it('marks a delivery dead after the attempt limit and keeps it', async () => {
    gc.setMode('error500');
    const { leadId, outboxId } = await queueLead();
    let clock = Date.now();
    const limited = worker({ now: () => clock });
    for (let run = 0; run < 3; run++) {
      await limited.runOnce();
      clock += 60_000;
    }
    expect(await statusOf(outboxId)).toMatchObject({ status: 'dead', attempts: 3, last_error: 'HTTP 502' });
    expect(await limited.runOnce()).toMatchObject({ claimed: 0 });
    expect(gc.received()).toHaveLength(3);
    expect(await database().repos.leads.findLead(leadId)).toBeDefined();
    expect(log.lines.some((line) => line.includes('"event":"outbox.dead"'))).toBe(true);
  });

  it('delivers every lead exactly once while GetCourse fails every other call', async () => {
    gc.setMode('flaky');
    const leads = await Promise.all(Array.from({ length: 12 }, () => queueLead()));
    const running = worker({ batchSize: 4, retry: { baseMs: 10, maxMs: 40, maxAttempts: 50 } });
    running.start();
    try {
      await until(async () => (await database().repos.outbox.countByStatus()).sent === leads.length);
    } finally {
      await running.stop();
    }
    const delivered = successfulDealNumbers(gc.received());
    const prefix = await database().repos.settings.dealNumberPrefix();
    expect([...delivered].sort()).toEqual(leads.map((l) => dealNumberFor(prefix, l.leadId)).sort());
    expect(gc.received().filter((r) => r.outcome === 'error500').length).toBeGreaterThan(0);
  });

  it('lets two workers on two connections share the queue without sending anything twice', async () => {
    const leads = await Promise.all(Array.from({ length: 30 }, () => queueLead()));
    const other = await openDatabase(database().config);
    const workers = [worker({ batchSize: 3 }), worker({ batchSize: 3 }, createRepositories(other))];
    try {
      workers.forEach((w) => w.start());
      await until(async () => (await database().repos.outbox.countByStatus()).sent === leads.length);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
      await other.close();
    }
    const delivered = successfulDealNumbers(gc.received());
    expect(delivered).toHaveLength(leads.length);
    expect(new Set(delivered).size).toBe(leads.length);
  });

  it('keeps deliveries pending and sends nothing while GetCourse is not configured', async () => {
    const { outboxId } = await queueLead();
    const idle = worker({ getCourse: null });
    idle.start();
    // Its first pass has looked and reported: it sent nothing.
    await until(async () => log.lines.some((line) => line.includes('"event":"outbox.not_configured"')));
    await idle.stop();
    expect(gc.received()).toEqual([]);
    expect(await statusOf(outboxId)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(log.lines.some((line) => line.includes('"event":"outbox.not_configured"') && line.includes('"waiting":1'))).toBe(true);

    // Once configured, the kept lead goes out.
    expect(await worker().runOnce()).toMatchObject({ sent: 1 });
  });


  it('runs the retention job at start and then once an interval, also while GetCourse is not configured', async () => {
    const hour = 60 * 60_000;
    let clock = Date.now();
    const oldLead = (days: number) => sampleLead({ createdAt: clock - days * 24 * hour, deliveryMode: 'browser' });
    const anonymized = async (leadId: number) => (await database().repos.leads.findLead(leadId))?.email === '';
    const first = oldLead(DEFAULT_RETENTION.leadDays + 1);
    const { leadId: firstId } = await database().repos.leads.accept(first, null);
    const running = worker({ getCourse: null, now: () => clock, retention: { repos: database().repos, policy: DEFAULT_RETENTION, everyMs: hour } });
    running.start();
    try {
      await until(() => anonymized(firstId));
      // Stored after the first run: only one run a clock hour later (and no other in between) takes it.
      const { leadId: secondId } = await database().repos.leads.accept(oldLead(DEFAULT_RETENTION.leadDays + 1), null);
      clock += hour;
      await until(() => anonymized(secondId));
    } finally {
      await running.stop();
    }
    const runs = log.lines.filter((line) => line.includes('"event":"privacy.retention"'));
    expect(runs).toEqual([expect.stringContaining('"anonymized":1'), expect.stringContaining('"anonymized":1')]);
    expectNoPersonalData(first);
  });

  it('deletes field vitals older than 90 days in the same run, and keeps the rest', async () => {
    const day = 24 * 60 * 60_000;
    const now = Date.now();
    const report: VitalsReport = { page: '/', device: 'phone', connection: '4g', navigation: 'navigate', popup: false, metrics: [{ name: 'LCP', value: 1200 }] };
    await database().repos.vitals.record(report, now - 91 * day);
    await database().repos.vitals.record(report, now - 89 * day);
    const running = worker({ getCourse: null, now: () => now, retention: { repos: database().repos, policy: DEFAULT_RETENTION } });
    running.start();
    try {
      await until(async () => (await database().repos.vitals.histograms('2000-01-01', '2999-01-01')).length === 1);
    } finally {
      await running.stop();
    }
    expect(log.lines.filter((line) => line.includes('"event":"privacy.retention"'))).toEqual([expect.stringContaining('"vitalsDeleted":2')]);
  });

  it('deletes audit rows older than a year in the same run, folded sign-in attempts too, and keeps the rest', async () => {
    const day = 24 * 60 * 60_000;
    const now = Date.now();
    const { audit } = database().repos;
    await audit.record({ actor: 'anna@school.ru', action: 'export' }, now - 366 * day);
    await audit.fold({ actor: 'guess@school.ru', action: 'sign_in_failed', foldKey: 'old-window' }, now - 366 * day);
    await audit.record({ actor: 'anna@school.ru', action: 'export' }, now - 364 * day);
    await audit.fold({ actor: 'guess@school.ru', action: 'sign_in_failed', foldKey: 'recent-window' }, now - day);
    const running = worker({ getCourse: null, now: () => now, retention: { repos: database().repos, policy: DEFAULT_RETENTION } });
    running.start();
    try {
      await until(async () => (await audit.list()).length === 2);
    } finally {
      await running.stop();
    }
    expect((await audit.list()).map((entry) => entry.at)).toEqual([now - day, now - 364 * day]);
    expect(log.lines.filter((line) => line.includes('"event":"privacy.retention"'))).toEqual([expect.stringContaining('"auditDeleted":2')]);
    expect(log.lines.join('\n')).not.toContain('guess@school.ru');
  });

  it('deletes the per-address counters of the figures\' caps after two days, keeping the days since and the daily totals', async () => {
    const day = 24 * 60 * 60_000;
    const now = Date.now();
    const { traffic } = database().repos;
    const dayOf = (ago: number) => moscowToday(new Date(now - ago * day));
    for (const ago of [3, 2, 1, 0]) {
      await traffic.countWithin(dayOf(ago), 'popup:promo-frameworks:shown', 'hash-of-an-address', 3);
      await traffic.tally(dayOf(ago), 'popup', 'promo-frameworks', { counted: 1, uncounted: 0 });
    }
    const running = worker({ getCourse: null, now: () => now, retention: { repos: database().repos, policy: DEFAULT_RETENTION } });
    running.start();
    try {
      await until(async () => (await traffic.hits(dayOf(3), 'popup:promo-frameworks:shown', 'hash-of-an-address')) === 0);
    } finally {
      await running.stop();
    }
    expect(await Promise.all([3, 2, 1, 0].map((ago) => traffic.hits(dayOf(ago), 'popup:promo-frameworks:shown', 'hash-of-an-address')))).toEqual([0, 1, 1, 1]);
    expect(await traffic.totals('popup', dayOf(3), dayOf(0))).toHaveLength(4);
    expect(log.lines.filter((line) => line.includes('"event":"privacy.retention"'))).toEqual([expect.stringContaining('"addressCountersDeleted":1')]);
  });

  it('keeps delivering when the retention job fails, and logs only the kind of error', async () => {
    // A database without the tables: every retention query fails.
    const empty = database().dialect === 'sqlite' ? await createSqliteDatabase(false) : await createPostgresDatabase(testDatabaseUrl!, false);
    const { outboxId } = await queueLead();
    const running = worker({ retention: { repos: empty.database.repos, policy: DEFAULT_RETENTION } });
    running.start();
    try {
      await until(async () => (await statusOf(outboxId)).status === 'sent');
    } finally {
      await running.stop();
      await empty.dispose();
    }
    expect(log.lines.filter((line) => line.includes('"event":"privacy.retention_failed"'))).toEqual([expect.stringMatching(/"error":"\w+/)]);
  });

  it('finishes the delivery under way when stopped, and wakes up early on wake()', async () => {
    gc.setMode('hang');
    const { outboxId } = await queueLead();
    const running = worker({ pollMs: 60_000 });
    running.start();
    await until(async () => gc.received().length === 1);
    await running.stop();
    // The hanging call ran into its timeout and was recorded: nothing is left "sending".
    expect(await statusOf(outboxId)).toMatchObject({ status: 'pending', attempts: 1 });

    gc.setMode('success');
    // Once its back-off (milliseconds) is over, the next worker's first pass sends the kept delivery…
    await until(async () => (await statusOf(outboxId)).next_attempt_at <= Date.now());
    const again = worker({ pollMs: 60_000 });
    again.start();
    try {
      await until(async () => (await statusOf(outboxId)).status === 'sent');
      // …and then waits a minute for its next pass: only wake() brings a new lead out sooner.
      const { outboxId: next } = await queueLead();
      again.wake();
      await until(async () => (await statusOf(next)).status === 'sent', 10_000);
    } finally {
      await again.stop();
    }
  });

  it('fails a delivery of an unknown kind without calling GetCourse', async () => {
    const now = Date.now();
    const { id } = await database()
      .handle.db.insertInto('outbox')
      .values({ kind: 'fax', payload: '{}', status: 'pending', attempts: 0, next_attempt_at: now, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await worker().runOnce();
    expect(await statusOf(id)).toMatchObject({ status: 'pending', last_error: 'unknown delivery kind "fax"' });
    expect(gc.received()).toEqual([]);
  });
});
