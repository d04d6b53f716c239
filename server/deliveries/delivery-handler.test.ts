import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { startFakeGetCourse, type FakeGetCourse, type ReceivedRequest } from '@/tests/support/fake-getcourse';
import type { GetCourseConfig } from '../config';
import { openDatabase } from '../db/connection';
import { dealNumberFor } from '../rules/deal-number';
import { createRepositories, type Repositories } from '../repositories';
import { describeEachDatabase } from '../testing/databases';
import { sampleLead } from '../testing/fixtures';
import { deliveryOfUnknownKind } from '../testing/seed';
import { capturingLogger } from '../testing/runtime';
import { createDeliveryWorker, type DeliveryWorkerOptions } from './delivery-handler';

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

function successfulDealNumbers(received: ReceivedRequest[]): string[] {
  return received
    .filter((request) => request.path === '/pl/api/deals' && request.outcome === 'success')
    .map((request) => (request.params as { deal: { deal_number: string } }).deal.deal_number);
}

describeEachDatabase('delivery worker against the fake GetCourse', (database) => {
  let log: ReturnType<typeof capturingLogger>;
  let getCourse: GetCourseConfig;

  beforeEach(async () => {
    await database().clear();
    gc.reset();
    log = capturingLogger();
    // A call's deadline no busy machine reaches: a call timed out after GetCourse took it is sent again,
    // and the "exactly once" tests below would count a slow machine as a duplicate. The tests of a
    // hanging GetCourse give their worker a short one.
    getCourse = { baseUrl: gc.url, apiKey: 'test-api-key', timeoutMs: 10_000 };
  });

  function worker(overrides: Partial<DeliveryWorkerOptions> = {}, repos: Repositories = database().repos) {
    return createDeliveryWorker({
      repos,
      getCourse,
      pollMs: 20,
      batchSize: 10,
      retry: { baseMs: 10, maxMs: 50, maxAttempts: 3 },
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
      .select(['status', 'attempts', 'last_error_code', 'last_error_detail', 'next_attempt_at'])
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
    expect(await statusOf(outboxId)).toMatchObject({ status: 'sent', attempts: 1, last_error_code: null, last_error_detail: null });
    expectNoPersonalData(lead);
  });

  it('treats HTTP 200 with result.success=false as a failure and retries later', async () => {
    gc.setMode('error200');
    const { lead, outboxId } = await queueLead();
    const before = Date.now();
    expect(await worker().runOnce()).toMatchObject({ claimed: 1, retrying: 1 });
    const row = await statusOf(outboxId);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error_code: 'refused', last_error_detail: 'Не удалось обработать импорт' });
    expect(row.next_attempt_at).toBeGreaterThanOrEqual(before);
    expectNoPersonalData(lead);
  });

  it('retries on 5xx and on a dropped connection', async () => {
    gc.setMode('error500');
    const first = await queueLead();
    await worker().runOnce();
    expect(await statusOf(first.outboxId)).toMatchObject({ status: 'pending', last_error_code: 'http_5xx', last_error_detail: '502' });

    gc.setMode('drop');
    const second = await queueLead();
    await worker().runOnce();
    expect(await statusOf(second.outboxId)).toMatchObject({ status: 'pending', last_error_code: 'network' });
    expectNoPersonalData(second.lead);
  });

  it('gives up on a hanging GetCourse after the timeout instead of stalling', async () => {
    gc.setMode('hang');
    const { outboxId } = await queueLead();
    const started = Date.now();
    expect(await worker({ getCourse: { ...getCourse, timeoutMs: 400 } }).runOnce()).toMatchObject({ claimed: 1, retrying: 1 });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await statusOf(outboxId)).toMatchObject({ status: 'pending', last_error_code: 'timeout', last_error_detail: '400' });
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
    expect(await statusOf(outboxId)).toMatchObject({ status: 'dead', attempts: 3, last_error_code: 'http_5xx', last_error_detail: '502' });
    expect(await limited.runOnce()).toMatchObject({ claimed: 0 });
    expect(gc.received()).toHaveLength(3);
    expect(await database().repos.leads.findLead(leadId)).toBeDefined();
    expect(log.lines.some((line) => line.includes('"event":"deliveries.dead"'))).toBe(true);
  });

  it('delivers every lead exactly once while GetCourse fails every other call', async () => {
    gc.setMode('flaky');
    const leads = await Promise.all(Array.from({ length: 12 }, () => queueLead()));
    const running = worker({ batchSize: 4, retry: { baseMs: 10, maxMs: 40, maxAttempts: 50 } });
    running.start();
    try {
      await until(async () => (await database().repos.deliveryQueue.countByStatus()).sent === leads.length);
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
      await until(async () => (await database().repos.deliveryQueue.countByStatus()).sent === leads.length);
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
    await until(async () => log.lines.some((line) => line.includes('"event":"deliveries.not_configured"')));
    await idle.stop();
    expect(gc.received()).toEqual([]);
    expect(await statusOf(outboxId)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(log.lines.some((line) => line.includes('"event":"deliveries.not_configured"') && line.includes('"waiting":1'))).toBe(true);

    // Once configured, the kept lead goes out.
    expect(await worker().runOnce()).toMatchObject({ sent: 1 });
  });

  it('finishes the delivery under way when stopped, and wakes up early on wake()', async () => {
    gc.setMode('hang');
    const { outboxId } = await queueLead();
    const running = worker({ pollMs: 60_000, getCourse: { ...getCourse, timeoutMs: 400 } });
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
    const id = await deliveryOfUnknownKind(database(), 'fax');
    await worker().runOnce();
    expect(await statusOf(id)).toMatchObject({ status: 'pending', last_error_code: 'unknown_kind', last_error_detail: 'fax' });
    expect(gc.received()).toEqual([]);
  });
});
