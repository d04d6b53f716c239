import { moscowToday } from '@/lib/calendar';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { VitalsReport } from '@/lib/vitals/metrics';
import { startFakeGetCourse, type FakeGetCourse } from '@/tests/support/fake-getcourse';
import { DEFAULT_RETENTION } from '../config';
import { createPostgresDatabase, createSqliteDatabase, describeEachDatabase, testDatabaseUrl } from '../testing/databases';
import { sampleLead } from '../testing/fixtures';
import { capturingLogger, testDeliveryWorker } from '../testing/runtime';
import { createRetentionJob, type RetentionJobOptions } from './retention-job';

let gc: FakeGetCourse;
beforeAll(async () => {
  gc = await startFakeGetCourse();
});
afterAll(() => gc.close());

async function until(condition: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describeEachDatabase('the retention job', (database) => {
  let log: ReturnType<typeof capturingLogger>;

  beforeEach(async () => {
    await database().clear();
    gc.reset();
    log = capturingLogger();
  });

  /** The job looking every 20 ms whether a run is due (by its clock). */
  function job(overrides: Partial<RetentionJobOptions> = {}) {
    return createRetentionJob({ repos: database().repos, policy: DEFAULT_RETENTION, checkEveryMs: 20, log, ...overrides });
  }

  it('runs at start and then once an interval, with no GetCourse anywhere', async () => {
    const hour = 60 * 60_000;
    let clock = Date.now();
    const oldLead = (days: number) => sampleLead({ createdAt: clock - days * 24 * hour, deliveryMode: 'browser' });
    const anonymized = async (leadId: number) => (await database().repos.leads.findLead(leadId))?.email === '';
    const first = oldLead(DEFAULT_RETENTION.leadDays + 1);
    const { leadId: firstId } = await database().repos.leads.accept(first, null);
    const running = job({ now: () => clock, everyMs: hour });
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
    const text = log.lines.join('\n');
    for (const value of [first.name, first.email, first.phone, first.phone.slice(2)]) expect(text).not.toContain(value);
  });

  it('deletes field vitals older than 90 days in the same run, and keeps the rest', async () => {
    const day = 24 * 60 * 60_000;
    const now = Date.now();
    const report: VitalsReport = {
      page: '/',
      device: 'phone',
      connection: '4g',
      navigation: 'navigate',
      popup: false,
      metrics: [{ name: 'LCP', value: 1200 }],
    };
    await database().repos.vitals.record(report, now - 91 * day, 'network-a');
    await database().repos.vitals.record(report, now - 89 * day, 'network-a');
    const running = job({ now: () => now });
    running.start();
    try {
      await until(async () => (await database().repos.vitals.histograms('2000-01-01', '2999-01-01')).length === 1);
    } finally {
      await running.stop();
    }
    expect(log.lines.filter((line) => line.includes('"event":"privacy.retention"'))).toEqual([expect.stringContaining('"vitalsDeleted":3')]);
  });

  it('deletes audit rows older than a year in the same run, folded sign-in attempts too, and keeps the rest', async () => {
    const day = 24 * 60 * 60_000;
    const now = Date.now();
    const { audit } = database().repos;
    await audit.record({ actor: 'anna@school.ru', action: 'export' }, now - 366 * day);
    await audit.fold({ actor: 'guess@school.ru', action: 'sign_in_failed', foldKey: 'old-window' }, now - 366 * day);
    await audit.record({ actor: 'anna@school.ru', action: 'export' }, now - 364 * day);
    await audit.fold({ actor: 'guess@school.ru', action: 'sign_in_failed', foldKey: 'recent-window' }, now - day);
    const running = job({ now: () => now });
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

  it("deletes the per-address counters of the figures' caps after two days, keeping the days since and the daily totals", async () => {
    const day = 24 * 60 * 60_000;
    const now = Date.now();
    const { traffic } = database().repos;
    const dayOf = (ago: number) => moscowToday(new Date(now - ago * day));
    for (const ago of [3, 2, 1, 0]) {
      await traffic.countWithin(dayOf(ago), 'popup:promo-frameworks:shown', 'hash-of-an-address', 3);
      await traffic.tally(dayOf(ago), 'popup', 'promo-frameworks', { counted: 1, uncounted: 0 });
    }
    const running = job({ now: () => now });
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

  it('fails apart from the deliveries: they go on beside it, and it logs only the kind of error', async () => {
    // A database without the tables: every retention query fails.
    const empty = database().dialect === 'sqlite' ? await createSqliteDatabase(false) : await createPostgresDatabase(testDatabaseUrl!, false);
    const { leadId } = await database().repos.leads.accept(sampleLead(), { kind: 'deal', payload: { productTitle: 'Заявка с сайта' } });
    const deliveries = testDeliveryWorker(database().repos, { baseUrl: gc.url, timeoutMs: 10_000 });
    const retention = job({ repos: empty.database.repos });
    deliveries.start();
    retention.start();
    try {
      await until(async () => (await database().repos.deliveryQueue.forLead(leadId))[0]?.status === 'sent');
    } finally {
      await Promise.all([deliveries.stop(), retention.stop()]);
      await empty.dispose();
    }
    expect(log.lines.filter((line) => line.includes('"event":"privacy.retention_failed"'))).toEqual([expect.stringMatching(/"error":"\w+/)]);
  });

  it('runs every step even when one fails, and names the failed ones', async () => {
    const day = 24 * 60 * 60_000;
    const now = Date.now();
    const report: VitalsReport = {
      page: '/',
      device: 'phone',
      connection: '4g',
      navigation: 'navigate',
      popup: false,
      metrics: [{ name: 'LCP', value: 1200 }],
    };
    await database().repos.vitals.record(report, now - 91 * day, 'network-a');
    // The personal-data step fails (its database has no tables); the vitals step after it still runs.
    const empty = database().dialect === 'sqlite' ? await createSqliteDatabase(false) : await createPostgresDatabase(testDatabaseUrl!, false);
    try {
      await job({ repos: { ...database().repos, personalData: empty.database.repos.personalData }, now: () => now }).runOnce();
    } finally {
      await empty.dispose();
    }
    expect(await database().repos.vitals.histograms('2000-01-01', '2999-01-01')).toEqual([]);
    const lines = log.lines.filter((line) => line.includes('"event":"privacy.retention'));
    expect(lines).toEqual([
      expect.stringContaining('"vitalsDeleted":3'),
      expect.stringMatching(/"event":"privacy\.retention_failed","error":"\w+[^"]*","steps":"personal-data"/),
    ]);
  });
});
