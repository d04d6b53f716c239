import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageContext } from './extra-data';
import { formKind, UNKNOWN_FORM_TYPE, type AjaxFormConfig, type LeadFormConfig } from './form-config';
import { IDS_ENDPOINT, LeadSubmitError, ORDER_FAILED, ORDERS_ENDPOINT, submitLead } from './submit';

const ajax: AjaxFormConfig = { formType: 'ajax', formId: 'contact', submitAnalyticsEvent: { event: 'lead', product_name: 'contact', id_form: 'contact' } };
const values = { fullName: 'Анна', email: 'anna@example.com', phone: '+7 912 345 67 89' };
const page: PageContext = { search: '?utm_source=vk', pathname: '/about', cookie: '_ga=GA1.1.1.2', storage: null };

/** Answers the orders call with `orders` and the ids call with 200; records what was sent. */
function fakeNetwork(orders: () => Promise<Response>) {
  const calls: { url: string; body: unknown; keepalive?: boolean }[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), body: JSON.parse(String(init?.body)), keepalive: init?.keepalive });
    return String(url) === ORDERS_ENDPOINT ? orders() : new Response('{"msg":"ok"}');
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
    const native = { formId: 'gift-1', formAction: 'https://x/process-html?id=1', helperId: 'a', helperRefId: 'b', requestTime: 1, requestSignature: 's', submitAnalyticsEvent: ajax.submitAnalyticsEvent };
    expect(formKind(native)).toBe('native');
    expect(formKind({ ...native, formType: 'native' })).toBe('native');
    expect(() => formKind({ ...ajax, formType: 'jsonp' } as unknown as LeadFormConfig)).toThrow(UNKNOWN_FORM_TYPE);
    expect(() => formKind({ formId: 'x', submitAnalyticsEvent: ajax.submitAnalyticsEvent } as unknown as LeadFormConfig)).toThrow(UNKNOWN_FORM_TYPE);
  });
});

describe('submitLead, ajax flow (spec 7)', () => {
  it('succeeds when the answer has a message; fires the ids call and pushes the analytics event', async () => {
    const { calls, dataLayer } = fakeNetwork(async () => Response.json({ message: 'Заявка принята' }));
    await expect(submitLead(ajax, values, { blockId: 'lead-form' }, page)).resolves.toBe('ajax');
    expect(calls.map((c) => c.url).sort()).toEqual([IDS_ENDPOINT, ORDERS_ENDPOINT].sort());
    expect(calls.find((c) => c.url === IDS_ENDPOINT)).toMatchObject({
      body: { email: 'anna@example.com', ids: { googleClientId: '1.2', yandexClientId: null } },
      keepalive: true,
    });
    expect(calls.find((c) => c.url === ORDERS_ENDPOINT)?.body).toMatchObject({
      extra: { utm: { source: 'vk' }, page_path: '/about', block_id: 'lead-form' },
      form: { id: 'contact' },
    });
    expect(dataLayer).toEqual([{ event: 'lead', product_name: 'contact', id_form: 'contact' }]);
  });

  it.each([
    ['a 200 without message', async () => Response.json({ ok: true })],
    ['a 200 with an empty message', async () => Response.json({ message: '' })],
    ['a 500', async () => new Response('Internal error', { status: 500 })],
    ['a 400 with a message', async () => Response.json({ message: 'Некорректные данные' }, { status: 400 })],
    ['a network failure', async () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('fails on %s, without the analytics event', async (_, orders) => {
    const { dataLayer } = fakeNetwork(orders);
    const error = await submitLead(ajax, values, {}, page).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LeadSubmitError);
    expect((error as Error).message).toBe(ORDER_FAILED);
    expect(dataLayer).toEqual([]);
  });

  it('hands over the field errors of a 400', async () => {
    fakeNetwork(async () => Response.json({ error: 'validation', errors: [{ path: 'contacts.email', message: 'Некорректная почта' }, { nope: 1 }] }, { status: 400 }));
    const error = (await submitLead(ajax, values, {}, page).catch((e: unknown) => e)) as LeadSubmitError;
    expect(error.fieldErrors).toEqual([{ path: 'contacts.email', message: 'Некорректная почта' }]);
  });

  it('does not wait for the ids call, and its failure changes nothing', async () => {
    let releaseIds: () => void = () => undefined;
    const fetch = vi.fn((url: RequestInfo | URL) =>
      String(url) === IDS_ENDPOINT
        ? new Promise<Response>((_, reject) => (releaseIds = () => reject(new TypeError('down'))))
        : Promise.resolve(Response.json({ message: 'ok' })),
    );
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('window', {});
    await expect(submitLead(ajax, values, {}, page)).resolves.toBe('ajax');
    releaseIds();
  });

  it('throws the unknown-type error before sending anything', async () => {
    const { calls } = fakeNetwork(async () => Response.json({ message: 'ok' }));
    await expect(submitLead({ ...ajax, formType: 'soap' } as unknown as LeadFormConfig, values, {}, page)).rejects.toThrow('Неизвестный тип формы');
    expect(calls).toEqual([]);
  });
});
