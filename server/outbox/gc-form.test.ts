import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findLeadForm, type GetCourseFormDelivery } from '@/content/lead-forms';
import { startFakeGetCourse, type FakeGetCourse } from '@/tests/support/fake-getcourse';
import type { GetCourseConfig } from '../config';
import { formUrl } from '../getcourse/form-post';
import { handleOrders, type ApiRuntime } from '../http/handlers';
import type { Logger } from '../log';
import { describeEachDatabase } from '../testing/databases';
import { sampleOrderBody } from '../testing/fixtures';
import { OutboxWorker, type OutboxWorkerOptions } from './worker';

/**
 * The `gc-form` delivery of the pop-up forms, end to end on the server: the real API handler stores
 * the lead with a delivery copied from the registry, and the real worker posts it to the fake GetCourse.
 */

const site = 'http://school.test';
const formId = 'popup-middle-discount';
const pagePath = '/products/middle-js/cvrna';

function registryForm(): GetCourseFormDelivery {
  const delivery = findLeadForm(formId)?.delivery;
  if (delivery?.kind !== 'gc-form') throw new Error(`${formId} must be registered as a gc-form delivery`);
  return delivery;
}

function capturingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const write = (level: string) => (event: string, fields?: object) => void lines.push(JSON.stringify({ level, event, ...fields }));
  return { lines, info: write('info'), warn: write('warn'), error: write('error') };
}

function orderRequest(body: unknown) {
  return new Request(`${site}/api/getcourse/orders`, {
    method: 'POST',
    headers: { host: 'school.test', origin: site, 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
    body: JSON.stringify(body),
  });
}

let gc: FakeGetCourse;
beforeAll(async () => {
  gc = await startFakeGetCourse();
});
afterAll(() => gc.close());

describe('formUrl', () => {
  it.each([
    ['/pl/lite/block-public/process-html?id=42', 'https://school.getcourse.ru/pl/lite/block-public/process-html?id=42'],
    ['https://evil.test/collect', null],
    ['//evil.test/collect', null],
    ['pl/lite/block-public/process-html', null],
    // Browsers and fetch read a backslash as a slash: this is `//evil.test/…`, caught by the origin check.
    ['/\\evil.test/collect', null],
  ])('%j -> %j', (action, expected) => {
    expect(formUrl('https://school.getcourse.ru', action)?.href ?? null).toBe(expected);
  });
});

describeEachDatabase('GetCourse form deliveries (pop-up forms)', (database) => {
  let getCourse: GetCourseConfig;
  let log: ReturnType<typeof capturingLogger>;
  let runtime: ApiRuntime;

  beforeEach(async () => {
    await database().clear();
    gc.reset();
    log = capturingLogger();
    getCourse = { baseUrl: gc.url, apiKey: 'test-api-key', timeoutMs: 400 };
    runtime = {
      config: { rateLimitPerMinute: 1000, trustProxy: false, siteOrigin: null },
      repos: database().repos,
      onQueued: () => undefined,
      log,
    };
  });

  function worker(overrides: Partial<OutboxWorkerOptions> = {}) {
    return new OutboxWorker({
      repos: database().repos,
      getCourse,
      siteOrigin: site,
      pollMs: 20,
      batchSize: 10,
      retry: { baseMs: 10, maxMs: 50, maxAttempts: 3 },
      log,
      ...overrides,
    });
  }

  /** Sends a pop-up order through the real API handler; returns the body and the stored outbox row. */
  async function acceptPopupOrder(extra: Record<string, unknown> = {}) {
    const body = sampleOrderBody({
      form: { id: formId },
      extra: { utm: { source: 'vk' }, page_path: pagePath, block_id: 'popup' },
      contacts: { name: 'Ольга Ким', email: `olga.${Math.random().toString(36).slice(2)}@example.com`, phone: '+7 916 123-45-67' },
      ...extra,
    });
    const response = await handleOrders(orderRequest(body), () => Promise.resolve(runtime));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Заявка принята' });
    return body;
  }

  const outbox = () => database().handle.db.selectFrom('outbox').selectAll().orderBy('id').execute();
  const leads = () => database().handle.db.selectFrom('leads').selectAll().execute();

  it('stores the lead with a gc_form delivery taken from the registry, ignoring anything the browser adds', async () => {
    await acceptPopupOrder({
      // A visitor trying to choose where our server posts: unknown keys are dropped by the schema.
      formAction: 'https://evil.test/collect',
      form: { id: formId, formAction: 'https://evil.test/collect' },
    });
    const [lead] = await leads();
    expect(lead).toMatchObject({ form_id: formId, product_name: 'mfd', event: 'application', delivery_mode: 'gc_form', page_path: pagePath });
    const [row] = await outbox();
    expect(row).toMatchObject({ kind: 'gc_form', lead_id: lead!.id, status: 'pending', deal_number: null });
    const { formAction, requestTime, requestSimpleSign } = registryForm();
    expect(JSON.parse(row!.payload)).toEqual({ formAction, requestTime, requestSimpleSign });
  });

  it('posts the GetCourse form fields, form-encoded, to the registry formAction and marks the delivery sent', async () => {
    const body = await acceptPopupOrder();
    expect(await worker().runOnce()).toEqual({ claimed: 1, sent: 1, retrying: 0, dead: 0 });

    const form = registryForm();
    const action = new URL(form.formAction, gc.url);
    const [request] = gc.received();
    expect(request).toMatchObject({ method: 'POST', path: action.pathname, query: Object.fromEntries(action.searchParams), outcome: 'success' });
    expect(request!.form).toEqual({
      'formParams[full_name]': 'Ольга Ким',
      'formParams[email]': body.contacts.email,
      'formParams[phone]': '+79161234567',
      __gc__internal__form__helper: `${site}${pagePath}`,
      __gc__internal__form__helper_ref: '',
      requestTime: String(form.requestTime),
      requestSimpleSign: form.requestSimpleSign,
    });
    // The import API key is for the import API only: a form post never carries it.
    expect(JSON.stringify(request)).not.toContain('test-api-key');
    expect(await outbox()).toMatchObject([{ status: 'sent', attempts: 1, last_error: null }]);
  });

  it('retries when GetCourse refuses the form with HTTP 200, hangs or answers 5xx; keeps it dead after the limit', async () => {
    const body = await acceptPopupOrder();
    let clock = Date.now();
    const limited = worker({ now: () => clock });
    const lastError = async () => (await outbox())[0]!.last_error;

    gc.setMode('error200');
    expect(await limited.runOnce()).toMatchObject({ claimed: 1, retrying: 1 });
    expect(await lastError()).toBe('GetCourse refused the form: Форма не принята');

    clock += 60_000;
    gc.setMode('hang');
    expect(await limited.runOnce()).toMatchObject({ claimed: 1, retrying: 1 });
    expect(await lastError()).toBe('no answer within 400 ms');

    clock += 60_000;
    gc.setMode('error500');
    expect(await limited.runOnce()).toMatchObject({ claimed: 1, dead: 1 });
    expect(await outbox()).toMatchObject([{ status: 'dead', attempts: 3, last_error: 'HTTP 502' }]);

    // Kept for a person: re-queued, it goes out once GetCourse is back.
    gc.setMode('success');
    await database().repos.outbox.requeueDead(clock);
    expect(await limited.runOnce()).toMatchObject({ sent: 1 });
    expect(gc.received().filter((r) => r.outcome === 'success')).toHaveLength(1);

    const text = log.lines.join('\n');
    for (const value of ['Ольга', body.contacts.email, '9161234567']) expect(text).not.toContain(value);
  });

  it('delivers every pop-up lead exactly once while GetCourse fails every other call', async () => {
    const emails = [];
    for (let i = 0; i < 6; i++) emails.push((await acceptPopupOrder()).contacts.email);
    gc.setMode('flaky');
    const running = worker({ retry: { baseMs: 10, maxMs: 40, maxAttempts: 50 } });
    running.start();
    try {
      const deadline = Date.now() + 15_000;
      while ((await database().repos.outbox.countByStatus()).sent < emails.length) {
        if (Date.now() > deadline) throw new Error('not all pop-up leads were delivered in time');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await running.stop();
    }
    const delivered = gc.received().filter((r) => r.outcome === 'success').map((r) => r.form['formParams[email]']);
    expect([...delivered].sort()).toEqual([...emails].sort());
  });

  it('refuses a stored form action that would leave the GetCourse account, without calling anyone', async () => {
    await acceptPopupOrder();
    await database()
      .handle.db.updateTable('outbox')
      .set({ payload: JSON.stringify({ ...JSON.parse((await outbox())[0]!.payload), formAction: '//evil.test/collect' }) })
      .execute();
    expect(await worker().runOnce()).toMatchObject({ claimed: 1, retrying: 1 });
    expect((await outbox())[0]!.last_error).toBe('the form action is not a path on the GetCourse account');
    expect(gc.received()).toEqual([]);
  });
});
