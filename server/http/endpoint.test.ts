import { beforeEach, expect, it } from 'vitest';
import { CLIENT_ADDRESS_HEADER } from '../leads/client-address';
import { describeEachDatabase } from '../testing/databases';
import { testApiRuntime } from '../testing/runtime';
import { endpoint } from './endpoint';
import type { ApiRuntime } from './handlers';
import { jsonOk, refuse } from './responses';

const site = 'http://school.test';
const PER_MINUTE = 3;

describeEachDatabase('the endpoint helper', (database) => {
  let runtime: ApiRuntime;
  const source = () => Promise.resolve(runtime);
  let handled: unknown[];

  beforeEach(async () => {
    await database().clear();
    handled = [];
    // Early in a minute: no test straddles a rate-limit window's edge.
    runtime = testApiRuntime(database().repos, { now: () => Date.UTC(2026, 10, 23, 12, 0, 5) });
  });

  /** A POST endpoint with every guard: the body must be `{ "n": <number> }`; `repeat` ones are exempt. */
  const counter = endpoint<ApiRuntime, { n: number }>({
    name: 'counter',
    methods: ['POST'],
    foreignOrigin: 'refuse',
    checkHeaders: (request) => (request.headers.get('x-key') === 'bad' ? refuse(400, 'bad_idempotency_key') : null),
    rateLimit: { bucket: 'counter', perMinute: PER_MINUTE, exempt: async (request) => request.headers.get('x-key') === 'repeat' },
    body: {
      maxBytes: 100,
      parse: (value) => (typeof (value as { n?: unknown } | null)?.n === 'number' ? (value as { n: number }) : refuse(400, 'bad_json')),
    },
    async handle({ body, addressHash }) {
      handled.push(body);
      return jsonOk({ n: body.n, addressHash });
    },
  });
  const post = (body: string, headers: Record<string, string> = {}) =>
    counter(
      new Request(`${site}/api/counter`, {
        method: 'POST',
        headers: { host: 'school.test', origin: site, 'content-type': 'application/json', [CLIENT_ADDRESS_HEADER]: '203.0.113.7', ...headers },
        body,
      }),
      source,
    );
  const refusal = async (response: Response) => ({ status: response.status, body: (await response.json()) as { code: string } });
  const hits = async () => (await database().handle.db.selectFrom('rate_limit_counters').select(['bucket', 'hits']).execute()).map((row) => Number(row.hits));

  it('checks cheapest first: origin, media type, declared size and headers before the rate limit counts', async () => {
    const wrongEverything = { origin: 'https://evil.example', 'content-type': 'text/plain', 'content-length': '1000', 'x-key': 'bad' };
    expect(await refusal(await post('{"n":1}', wrongEverything))).toEqual({ status: 403, body: expect.objectContaining({ code: 'foreign_origin' }) });
    expect(await refusal(await post('{"n":1}', { ...wrongEverything, origin: site }))).toEqual({
      status: 415,
      body: expect.objectContaining({ code: 'not_json' }),
    });
    expect(await refusal(await post('{"n":1}', { 'content-length': '1000', 'x-key': 'bad' }))).toEqual({
      status: 413,
      body: expect.objectContaining({ code: 'too_large' }),
    });
    expect(await refusal(await post('{"n":1}', { 'x-key': 'bad' }))).toEqual({ status: 400, body: expect.objectContaining({ code: 'bad_idempotency_key' }) });
    expect(await hits()).toEqual([]);
    expect(handled).toEqual([]);
  });

  it('counts the rate limit before the body is read: a broken body counts, and past the limit is 429 unread', async () => {
    for (let i = 0; i < PER_MINUTE; i += 1) expect((await refusal(await post('{"n":'))).body.code).toBe('bad_json');
    const limited = await post('{"n":1}');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({ code: 'rate_limited', message: 'Слишком много запросов. Попробуйте через минуту' });
    // An exempt request counts nowhere; another client has a bucket of its own.
    expect((await post('{"n":2}', { 'x-key': 'repeat' })).status).toBe(200);
    expect((await post('{"n":3}', { [CLIENT_ADDRESS_HEADER]: '198.51.100.4' })).status).toBe(200);
    expect(handled).toEqual([{ n: 2 }, { n: 3 }]);
    expect((await hits()).sort()).toEqual([1, PER_MINUTE + 1]);
  });

  it('hands the handler the parsed body and the client address only as a keyed hash', async () => {
    const response = await post('{"n":7}');
    const body = (await response.json()) as { n: number; addressHash: string };
    expect(body.n).toBe(7);
    expect(body.addressHash).toMatch(/^[0-9a-f]{32}$/);
    expect((await refusal(await post('{"m":7}'))).status).toBe(400);
    expect((await refusal(await post(JSON.stringify({ n: 'x'.repeat(200) })))).body.code).toBe('too_large');
  });

  it('serves HEAD with GET (headers, no body), and answers 405 with Allow to the rest', async () => {
    const clock = endpoint<ApiRuntime>({ name: 'clock', methods: ['GET'], handle: async ({ now }) => jsonOk({ now }) });
    const get = await clock(new Request(`${site}/api/clock`), source);
    expect(await get.json()).toEqual({ now: runtime.now!() });
    const head = await clock(new Request(`${site}/api/clock`, { method: 'HEAD' }), source);
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toContain('application/json');
    expect(await head.text()).toBe('');
    expect(clock.allow).toBe('GET, HEAD');
    const post = await clock(new Request(`${site}/api/clock`, { method: 'POST', body: '{}' }), source);
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect(await post.json()).toEqual({ code: 'method_not_allowed', message: 'Метод не поддерживается' });
  });

  it('answers 404 to anyone an internal endpoint refuses, whatever the method, before anything else', async () => {
    const internal = endpoint<ApiRuntime>({
      name: 'internal',
      methods: ['GET'],
      internal: (request) => request.headers.get('x-own') === 'yes',
      handle: async () => jsonOk({ ok: true }),
    });
    for (const method of ['GET', 'HEAD', 'POST', 'DELETE']) {
      const refused = await internal(new Request(`${site}/api/internal`, { method, headers: { 'x-own': 'no' } }), source);
      expect(refused.status, method).toBe(404);
      expect(refused.headers.get('allow')).toBeNull();
    }
    expect(await (await internal(new Request(`${site}/api/internal`), source)).json()).toEqual({ code: 'not_found', message: 'Не найдено' });
    expect((await internal(new Request(`${site}/api/internal`, { headers: { 'x-own': 'yes' } }), source)).status).toBe(200);
  });
});
