import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageContext } from '@/lib/leads/extra-data';
import { formKind, UNKNOWN_FORM_TYPE, type AjaxFormConfig, type LeadFormConfig } from '@/lib/leads/form-config';
import { SubmissionKeys } from './submission-key';
import { LEAD_IDS_ENDPOINT, LEADS_ENDPOINT } from '@/lib/api-contract';
import { LeadSubmitError, LEAD_FAILED, submitLead, type SubmissionSnapshot } from './submit';

/**
 * Millisecond pauses between attempts, and deadlines no busy machine reaches, so a test that ends in
 * success never depends on how fast the machine runs (the real numbers are in network-policy.ts).
 */
const quick = { budgetMs: 60_000, attemptDeadlineMs: 10_000, retryBaseMs: 1, maxRetryAfterMs: 5 };
/** The same with a budget spent in a moment: for the presses that must end in a final failure. */
const spentSoon = { ...quick, budgetMs: 300 };

/** Path, body and headers of a fetch call, whether made with a URL (the ids call) or a Request (ky). */
async function described(input: RequestInfo | URL, init?: RequestInit) {
  if (input instanceof Request) {
    return {
      url: new URL(input.url).pathname,
      body: JSON.parse(await input.clone().text()),
      key: input.headers.get('idempotency-key'),
      keepalive: input.keepalive,
    };
  }
  return { url: String(input), body: JSON.parse(String(init?.body)), key: new Headers(init?.headers).get('idempotency-key'), keepalive: init?.keepalive };
}

const ajax: AjaxFormConfig = { formType: 'ajax', formId: 'contact', submitAnalyticsEvent: { event: 'lead', product_name: 'contact', id_form: 'contact' } };
const values = { fullName: 'Анна', email: 'anna@example.com', phone: '+7 912 345 67 89' };
const page: PageContext = { search: '?utm_source=vk', pathname: '/about', cookie: '_ga=GA1.1.1.2', storage: null };

/** Answers the leads call with `leads` and the ids call with 200; records what was sent. */
function fakeNetwork(leads: () => Promise<Response>) {
  const calls: { url: string; body: unknown; key: string | null; keepalive?: boolean }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = await described(input, init);
    calls.push(call);
    return call.url === LEADS_ENDPOINT ? leads() : new Response('{"msg":"ok"}');
  });
  vi.stubGlobal('fetch', fetch);
  const dataLayer: unknown[] = [];
  vi.stubGlobal('window', { dataLayer });
  return { calls, dataLayer };
}

afterEach(() => vi.unstubAllGlobals());

describe('formKind', () => {
  it('tells ajax and native configs apart and rejects anything else with the spec message', () => {
    expect(formKind(ajax)).toBe('ajax');
    const native = {
      formId: 'gift-1',
      formAction: 'https://x/process-html?id=1',
      helperId: 'a',
      helperRefId: 'b',
      requestTime: 1,
      requestSignature: 's',
      submitAnalyticsEvent: ajax.submitAnalyticsEvent,
    };
    expect(formKind(native)).toBe('native');
    expect(formKind({ ...native, formType: 'native' })).toBe('native');
    expect(() => formKind({ ...ajax, formType: 'jsonp' } as unknown as LeadFormConfig)).toThrow(UNKNOWN_FORM_TYPE);
    expect(() => formKind({ formId: 'x', submitAnalyticsEvent: ajax.submitAnalyticsEvent } as unknown as LeadFormConfig)).toThrow(UNKNOWN_FORM_TYPE);
  });
});

describe('submitLead, ajax flow', () => {
  it('succeeds when the answer has a message; fires the ids call and pushes the analytics event', async () => {
    const { calls, dataLayer } = fakeNetwork(async () => Response.json({ message: 'Заявка принята' }));
    await expect(submitLead(ajax, values, { blockId: 'lead-form' }, page, quick)).resolves.toBe('ajax');
    expect(calls.map((c) => c.url).sort()).toEqual([LEAD_IDS_ENDPOINT, LEADS_ENDPOINT].sort());
    expect(calls.find((c) => c.url === LEAD_IDS_ENDPOINT)).toMatchObject({
      body: { email: 'anna@example.com', ids: { googleClientId: '1.2', yandexClientId: null } },
      keepalive: true,
    });
    expect(calls.find((c) => c.url === LEADS_ENDPOINT)?.body).toMatchObject({
      extra: { utm: { source: 'vk' }, page_path: '/about', block_id: 'lead-form' },
      form: { id: 'contact' },
    });
    expect(dataLayer).toEqual([{ event: 'lead', product_name: 'contact', id_form: 'contact' }]);
  });

  it.each([
    ['a 200 without message', async () => Response.json({ ok: true })],
    ['a 200 with an empty message', async () => Response.json({ message: '' })],
    ['a 500 every time', async () => new Response('Internal error', { status: 500 })],
    ['a 400 with a message', async () => Response.json({ code: 'bad_json', message: 'Некорректный JSON' }, { status: 400 })],
    ['a 422 (the key was used for other values)', async () => Response.json({ code: 'idempotency_key_reused', message: 'ключ' }, { status: 422 })],
    ['a network failure every time', async () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('fails on %s, without the analytics event', async (_, leads) => {
    const { dataLayer } = fakeNetwork(leads);
    const error = await submitLead(ajax, values, {}, page, spentSoon).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LeadSubmitError);
    expect((error as Error).message).toBe(LEAD_FAILED);
    expect(dataLayer).toEqual([]);
  });

  it('a refusal that lists no field (403, 422, 503) hands over no field error', async () => {
    fakeNetwork(async () => Response.json({ code: 'foreign_origin', message: 'Запрос с другого сайта отклонён' }, { status: 403 }));
    const error = (await submitLead(ajax, values, {}, page, quick).catch((e: unknown) => e)) as LeadSubmitError;
    expect(error).toBeInstanceOf(LeadSubmitError);
    expect(error.fieldErrors).toEqual([]);
  });

  it('hands over the field errors of a 400', async () => {
    fakeNetwork(async () =>
      Response.json(
        {
          code: 'invalid_fields',
          message: 'Поля заявки заполнены неверно',
          errors: [{ code: 'invalid_format', path: 'contacts.email', message: 'Некорректная почта' }, { nope: 1 }],
        },
        { status: 400 },
      ),
    );
    const error = (await submitLead(ajax, values, {}, page, quick).catch((e: unknown) => e)) as LeadSubmitError;
    expect(error.fieldErrors).toEqual([{ code: 'invalid_format', path: 'contacts.email', message: 'Некорректная почта' }]);
  });

  it('does not wait for the ids call, and its failure changes nothing', async () => {
    let releaseIds: () => void = () => undefined;
    const fetch = vi.fn((url: RequestInfo | URL) =>
      !(url instanceof Request) && String(url) === LEAD_IDS_ENDPOINT
        ? new Promise<Response>((_, reject) => (releaseIds = () => reject(new TypeError('down'))))
        : Promise.resolve(Response.json({ message: 'ok' })),
    );
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('window', {});
    await expect(submitLead(ajax, values, {}, page, quick)).resolves.toBe('ajax');
    releaseIds();
  });

  it('throws the unknown-type error before sending anything', async () => {
    const { calls } = fakeNetwork(async () => Response.json({ message: 'ok' }));
    await expect(submitLead({ ...ajax, formType: 'soap' } as unknown as LeadFormConfig, values, {}, page, quick)).rejects.toThrow('Неизвестный тип формы');
    expect(calls).toEqual([]);
  });

  it('retries a lost answer and two 503s with one key, and the ids call carries it too', async () => {
    const answers = [
      async () => Promise.reject(new TypeError('Failed to fetch')),
      async () =>
        Response.json({ code: 'unavailable', message: 'Сервис временно недоступен. Попробуйте позже' }, { status: 503, headers: { 'retry-after': '30' } }),
      async () => Response.json({ code: 'unavailable', message: 'Сервис временно недоступен. Попробуйте позже' }, { status: 503 }),
      async () => Response.json({ message: 'Заявка принята' }),
    ];
    const { calls } = fakeNetwork(() => answers.shift()!());
    await expect(submitLead(ajax, values, {}, page, quick)).resolves.toBe('ajax');
    const leads = calls.filter((c) => c.url === LEADS_ENDPOINT);
    expect(leads).toHaveLength(4);
    const key = leads[0]!.key;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(leads.every((c) => c.key === key)).toBe(true);
    expect(calls.find((c) => c.url === LEAD_IDS_ENDPOINT)?.key).toBe(key);
  });

  it('never retries a validation answer', async () => {
    const { calls } = fakeNetwork(async () =>
      Response.json(
        {
          code: 'invalid_fields',
          message: 'Поля заявки заполнены неверно',
          errors: [{ code: 'invalid_format', path: 'contacts.email', message: 'Некорректная почта' }],
        },
        { status: 400 },
      ),
    );
    await expect(submitLead(ajax, values, {}, page, quick)).rejects.toBeInstanceOf(LeadSubmitError);
    expect(calls.filter((c) => c.url === LEADS_ENDPOINT)).toHaveLength(1);
  });

  it('a second press with the same values after a final failure sends the same key and body; other values a new key; a success forgets it', async () => {
    let fail = true;
    const { calls } = fakeNetwork(async () => (fail ? Promise.reject(new TypeError('Failed to fetch')) : Response.json({ message: 'Заявка принята' })));
    const keys = new SubmissionKeys<SubmissionSnapshot>();
    await expect(submitLead(ajax, values, { keys }, page, spentSoon)).rejects.toBeInstanceOf(LeadSubmitError);
    const first = calls.filter((c) => c.url === LEADS_ENDPOINT).at(-1)!;
    fail = false;
    // The page changed meanwhile (a new UTM in the address): the repeat still sends what the first press sent.
    await submitLead(ajax, values, { keys }, { ...page, search: '?utm_source=other' }, quick);
    const second = calls.filter((c) => c.url === LEADS_ENDPOINT).at(-1)!;
    expect(second.key).toBe(first.key);
    expect(second.body).toEqual(first.body);

    await submitLead(ajax, values, { keys }, page, quick);
    expect(calls.filter((c) => c.url === LEADS_ENDPOINT).at(-1)!.key).not.toBe(first.key);
    const afterSuccess = calls.filter((c) => c.url === LEADS_ENDPOINT).at(-1)!.key;
    fail = true;
    await submitLead(ajax, { ...values, fullName: 'Анна Мария' }, { keys }, page, spentSoon).catch(() => undefined);
    const changed = calls.filter((c) => c.url === LEADS_ENDPOINT).at(-1)!.key;
    expect(changed).not.toBe(afterSuccess);
  });
});
