import { afterEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, postWithRetries, waitUntilOnline, type Connectivity } from './network-policy';

const quick = { budgetMs: 400, attemptDeadlineMs: 60, retryBaseMs: 1, maxRetryAfterMs: 5 };
const key = '11111111-2222-4333-8444-555555555555';

function fakeFetch(answers: (() => Promise<Response>)[]) {
  const seen: { key: string | null; at: number }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    seen.push({ key: (input as Request).headers.get('idempotency-key'), at: performance.now() });
    const next = answers.length > 1 ? answers.shift()! : answers[0]!;
    return next();
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, seen };
}

/**
 * The tests that measure time run on a fake clock (timers and `performance.now()`): a busy machine delays
 * real timers, never these, and the budgets can be the real ones.
 */
function useFakeClock(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'Date'] });
}
afterEach(() => {
  vi.useRealTimers();
});

const stall = (input: RequestInfo | URL) =>
  new Promise<Response>((_, reject) => (input as Request).signal.addEventListener('abort', () => reject((input as Request).signal.reason)));

describe('postWithRetries', () => {
  it('retries network errors, 408, 429 and 5xx, then succeeds; every attempt has the same key', async () => {
    const { fetch, seen } = fakeFetch([
      async () => Promise.reject(new TypeError('Failed to fetch')),
      async () => new Response('', { status: 408 }),
      async () => Response.json({}, { status: 429, headers: { 'retry-after': '1' } }),
      async () => new Response('Bad Gateway', { status: 502 }),
      async () => Response.json({ message: 'Заявка принята' }),
    ]);
    // A budget no busy machine spends: the pauses are milliseconds, and success must not hang on speed.
    const outcome = await postWithRetries('/api/x', { a: 1 }, key, { ...quick, budgetMs: 60_000, attemptDeadlineMs: 10_000, fetch });
    expect(outcome).toEqual({ ok: true, status: 200, data: { message: 'Заявка принята' } });
    expect(seen).toHaveLength(5);
    expect(seen.every((s) => s.key === key)).toBe(true);
  });

  it('gives a 4xx answer at once, with its JSON', async () => {
    const refusal = {
      code: 'invalid_fields',
      message: 'Поля заявки заполнены неверно',
      errors: [{ code: 'invalid_format', path: 'email', message: 'Некорректная почта' }],
    };
    const { fetch, seen } = fakeFetch([async () => Response.json(refusal, { status: 400 })]);
    expect(await postWithRetries('/api/x', {}, key, { ...quick, fetch })).toEqual({
      ok: false,
      status: 400,
      data: refusal,
    });
    expect(seen).toHaveLength(1);
  });

  it('gives up when the budget is spent: stalled attempts end at their deadline and are tried again', async () => {
    useFakeClock();
    const fetch = vi.fn(stall) as unknown as typeof globalThis.fetch;
    const started = performance.now();
    const pending = postWithRetries('/api/x', {}, key, { ...quick, fetch });
    await vi.runAllTimersAsync();
    const outcome = await pending;
    const took = performance.now() - started;
    expect(outcome).toEqual({ ok: false, status: null, data: null });
    expect(vi.mocked(fetch).mock.calls.length).toBeGreaterThan(2);
    // A pause that would end past the budget is not started: the give-up may come that much early
    // (here at most 2^6 ms, the seventh retry's pause with a 1 ms base); an attempt never outlasts it.
    expect(took).toBeGreaterThanOrEqual(quick.budgetMs - 2 ** 6);
    expect(took).toBeLessThanOrEqual(quick.budgetMs);
  });

  it('a server that keeps answering 5xx: no retry starts after the give-up time, and its answer is the last word', async () => {
    useFakeClock();
    const { fetch, seen } = fakeFetch([async () => new Response('', { status: 500 })]);
    const started = performance.now();
    const pending = postWithRetries('/api/x', {}, key, { ...quick, budgetMs: 5_000, serverErrorGiveUpMs: 100, fetch });
    await vi.runAllTimersAsync();
    const outcome = await pending;
    const took = performance.now() - started;
    expect(outcome).toMatchObject({ ok: false, status: 500 });
    expect(seen.length).toBeGreaterThan(1);
    // Every answer before the give-up time was followed by a retry; the first answer after it is the last
    // word (its retry's pause began before the give-up time: how long is the jitter's, so the attempts'
    // times are checked, not the total).
    const at = seen.map((attempt) => attempt.at - started);
    expect(at.slice(0, -1).every((time) => time < 100)).toBe(true);
    expect(at.at(-1)).toBeGreaterThanOrEqual(100);
    expect(took).toBeGreaterThanOrEqual(100);
  });

  it('while offline, waits for the online event before the first attempt (within the budget)', async () => {
    let online = false;
    const listeners: (() => void)[] = [];
    const connectivity: Connectivity = { isOnline: () => online, onOnline: (l) => (listeners.push(l), () => undefined) };
    const { fetch, seen } = fakeFetch([async () => Response.json({ message: 'ok' })]);
    const pending = postWithRetries('/api/x', {}, key, { ...quick, budgetMs: 5_000, fetch, connectivity });
    await vi.waitFor(() => expect(listeners).toHaveLength(1));
    expect(seen).toHaveLength(0);
    online = true;
    listeners.forEach((l) => l());
    expect((await pending).ok).toBe(true);
    expect(seen).toHaveLength(1);
  });
});

describe('backoffDelay and waitUntilOnline', () => {
  it('doubles from the base up to 4 s', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n))).toEqual([500, 1000, 2000, 4000, 4000, 4000]);
  });

  it('stops waiting at the deadline when the browser never comes back', async () => {
    useFakeClock();
    const connectivity: Connectivity = { isOnline: () => false, onOnline: () => () => undefined };
    const started = performance.now();
    const waiting = waitUntilOnline(connectivity, started + 30);
    await vi.advanceTimersByTimeAsync(29);
    let done = false;
    void waiting.then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(performance.now() - started).toBe(30);
  });
});
