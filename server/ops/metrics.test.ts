import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { startFakeGetCourse, type FakeGetCourse } from '@/tests/support/fake-getcourse';
import { CLIENT_ADDRESS_HEADER } from '../leads/client-address';
import { handleLeads, type ApiRuntime } from '../http/handlers';
import { handleMetrics, type MetricsRuntime } from '../http/metrics';
import { describeEachDatabase } from '../testing/databases';
import { sampleLead, sampleLeadBody } from '../testing/fixtures';
import { deliveryFailed } from '../testing/seed';
import { parseExposition } from '../testing/prometheus-text';
import { limitsNoTestReaches, testApiRuntime, testDeliveryWorker } from '../testing/runtime';

const site = 'http://school.test';
const token = 'metrics-token-for-tests';

function lead(body: unknown) {
  return new Request(`${site}/api/leads`, {
    method: 'POST',
    headers: { host: 'school.test', origin: site, 'content-type': 'application/json', [CLIENT_ADDRESS_HEADER]: '203.0.113.9' },
    body: JSON.stringify(body),
  });
}

const scrape = (authorization?: string) => new Request(`${site}/api/metrics`, { headers: authorization ? { authorization } : {} });

let gc: FakeGetCourse;
beforeAll(async () => {
  gc = await startFakeGetCourse();
});
afterAll(() => gc.close());

describeEachDatabase('GET /api/metrics', (database) => {
  let now: number;
  let api: ApiRuntime;
  let metrics: MetricsRuntime;
  const apiSource = () => Promise.resolve(api);

  beforeEach(async () => {
    await database().clear();
    gc.reset();
    gc.setMode('success');
    now = Date.now();
    api = testApiRuntime(database().repos, { now: () => now });
    metrics = { token, repos: () => Promise.resolve(database().repos), now: () => now };
  });

  /** One sample's value from a fresh scrape (0 when the series does not exist yet). */
  async function read() {
    const response = await handleMetrics(scrape(`Bearer ${token}`), async () => metrics);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    const samples = parseExposition(text);
    return {
      text,
      samples,
      value: (name: string, labels: Record<string, string> = {}) =>
        samples.find((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value))?.value ?? 0,
    };
  }

  it('answers 404 without METRICS_TOKEN and 401 to a missing or wrong token, without touching the database', async () => {
    const noDatabase = () => Promise.reject(new Error('the database must not be opened'));
    const off = await handleMetrics(scrape(`Bearer ${token}`), async () => ({ token: null, repos: noDatabase }));
    expect(off.status).toBe(404);
    expect(await off.json()).toEqual({ code: 'not_found', message: 'Не найдено' });
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${token}`, `Bearer ${token}x`, 'Bearer']) {
      const refused = await handleMetrics(scrape(authorization), async () => ({ token, repos: noDatabase }));
      expect(refused.status, authorization).toBe(401);
      expect(await refused.json()).toEqual({ code: 'unauthorized', message: 'Нужен верный токен доступа' });
      expect(refused.headers.get('www-authenticate')).toBe('Bearer');
    }
  });

  it('parses as Prometheus text; lead counters and the queue move as a lead is accepted, refused and delivered', async () => {
    const before = await read();
    expect(before.samples.some((sample) => sample.name === 'process_cpu_user_seconds_total')).toBe(true);
    expect(before.samples.some((sample) => sample.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
    expect(before.value('school_outbox_deliveries', { state: 'waiting' })).toBe(0);
    expect(before.value('school_outbox_oldest_waiting_age_seconds')).toBe(0);

    const body = sampleLeadBody();
    expect((await handleLeads(lead(body), apiSource)).status).toBe(200);
    expect((await handleLeads(lead({ ...sampleLeadBody(), contacts: { name: '', email: 'x', phone: '1' } }), apiSource)).status).toBe(400);
    expect((await handleLeads(lead({ ...sampleLeadBody(), website: 'http://spam.example' }), apiSource)).status).toBe(200);
    now += 90_000;

    const queued = await read();
    const delta = (name: string, labels: Record<string, string>) => queued.value(name, labels) - before.value(name, labels);
    expect(delta('school_leads_accepted_total', { route: 'leads' })).toBe(1);
    expect(delta('school_leads_refused_total', { route: 'leads', reason: 'invalid' })).toBe(1);
    expect(delta('school_leads_refused_total', { route: 'leads', reason: 'spam' })).toBe(1);
    expect(queued.value('school_outbox_deliveries', { state: 'waiting' })).toBe(1);
    expect(queued.value('school_outbox_oldest_waiting_age_seconds')).toBeGreaterThanOrEqual(90);
    // Counts and ages only: nothing the visitor typed.
    for (const personal of [body.contacts.email, body.contacts.name, '79167654321']) expect(queued.text).not.toContain(personal);

    // The real worker delivers it to the fake GetCourse: one call timed, first refused (an error kind), then accepted.
    const worker = testDeliveryWorker(database().repos, { baseUrl: gc.url, timeoutMs: 2000 }, { now: () => now, random: () => 0 });
    gc.setMode('error500');
    expect(await worker.runOnce()).toMatchObject({ claimed: 1, retrying: 1 });
    gc.setMode('success');
    now += 1000;
    expect(await worker.runOnce()).toMatchObject({ claimed: 1, sent: 1 });
    expect(gc.deals()).toHaveLength(1);
    const delivered = await read();
    const moved = (name: string, labels: Record<string, string>) => delivered.value(name, labels) - before.value(name, labels);
    expect(delivered.value('school_outbox_deliveries', { state: 'waiting' })).toBe(0);
    expect(delivered.value('school_outbox_oldest_waiting_age_seconds')).toBe(0);
    expect(moved('school_getcourse_call_duration_seconds_count', { endpoint: 'deals' })).toBe(2);
    expect(moved('school_getcourse_call_duration_seconds_bucket', { endpoint: 'deals', le: '+Inf' })).toBe(2);
    expect(moved('school_getcourse_call_duration_seconds_sum', { endpoint: 'deals' })).toBeGreaterThan(0);
    expect(moved('school_getcourse_errors_total', { endpoint: 'deals', kind: 'http_5xx' })).toBe(1);
    expect(moved('school_getcourse_errors_total', { endpoint: 'deals', kind: 'timeout' })).toBe(0);
    // Another lead's delivery refused every time, given up on.
    const { outboxId } = await database().repos.leads.accept(sampleLead(), { kind: 'deal', payload: {} });
    await deliveryFailed(database(), outboxId!, { attempts: 20, retryAt: null });
    expect((await read()).value('school_outbox_deliveries', { state: 'dead' })).toBe(1);
  });

  it('counts the rate limit and the shedding apart, and the leads held back as a flood', async () => {
    const before = await read();
    api.config = { ...api.config, limits: { ...limitsNoTestReaches, pressurePerMinute: 1 } };
    for (let i = 0; i < 2; i++) await handleLeads(lead(sampleLeadBody()), apiSource);
    expect((await handleLeads(lead(sampleLeadBody()), apiSource)).status).toBe(429);
    api.config = { ...api.config, limits: { ...limitsNoTestReaches, hold: { perAddress: 1, perNetwork: 1000 } } };
    expect((await handleLeads(lead(sampleLeadBody()), apiSource)).status).toBe(200);
    api.config = { ...api.config, limits: { ...limitsNoTestReaches, perAddressPerMinute: 1 } };
    expect((await handleLeads(lead(sampleLeadBody()), apiSource)).status).toBe(429);
    const after = await read();
    expect(after.value('school_leads_withheld_total', { route: 'leads' }) - before.value('school_leads_withheld_total', { route: 'leads' })).toBe(1);
    for (const reason of ['shed', 'rate_limited']) {
      const labels = { route: 'leads', reason };
      expect(after.value('school_leads_refused_total', labels) - before.value('school_leads_refused_total', labels), reason).toBe(1);
    }
  });

  it('a database that fails makes the scrape a 503 (Prometheus then sees the instance as down)', async () => {
    const failing = await handleMetrics(scrape(`Bearer ${token}`), async () => ({ token, repos: () => Promise.reject(new Error('down')) }));
    expect(failing.status).toBe(503);
    expect(await failing.json()).toMatchObject({ code: 'unavailable' });
  });
});
