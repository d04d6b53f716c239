/**
 * How every lead form talks to our API over a visitor's network, in one place:
 * - each attempt has a deadline (ATTEMPT_DEADLINE_MS);
 * - network errors, deadlines, 408, 429 and 5xx are tried again with exponential backoff and full jitter,
 *   honouring `Retry-After` up to MAX_RETRY_AFTER_MS, all within SUBMIT_BUDGET_MS from the press;
 * - 4xx answers (validation, a refused key) are final at once;
 * - while the browser says it is offline, the next attempt waits for its `online` event (same budget).
 * Every attempt carries the same `Idempotency-Key`, so the server stores one lead however many arrive.
 *
 * The loop is our own (about sixty lines on fetch and AbortController). It is not ky 2's:
 * ky 2 declares Node 22 in `engines`, so `npm install` would warn on the Node 20.19 the README names, and
 * ky 1 lacks the total budget and the jitter used here.
 */
export const ATTEMPT_DEADLINE_MS = 10_000;
export const SUBMIT_BUDGET_MS = 30_000;
/** A server asking for a longer pause than this is waited this long (the visitor is watching a spinner). */
export const MAX_RETRY_AFTER_MS = 5_000;
/** First pause 0.5 s, then 1, 2, 4 s (each a random part of it: full jitter), never more than 4 s. */
export const RETRY_BASE_MS = 500;
export const RETRY_MAX_DELAY_MS = 4_000;
export const RETRY_STATUS_CODES = [408, 429, 500, 502, 503, 504];
/**
 * A server that keeps answering 5xx is not a bad network: no retry is started after this long from the
 * press, so the visitor gets the error and the contacts within about 20 s (the last pause is at most
 * RETRY_MAX_DELAY_MS), not after the whole budget. Silence and offline keep the whole budget.
 */
export const SERVER_ERROR_GIVE_UP_MS = 12_000;

export interface PolicyOptions {
  attemptDeadlineMs?: number;
  budgetMs?: number;
  serverErrorGiveUpMs?: number;
  maxRetryAfterMs?: number;
  retryBaseMs?: number;
  /** For unit tests: the fetch to use and the browser's online state and events. */
  fetch?: typeof fetch;
  connectivity?: Connectivity;
}

/** The part of `navigator` and `window` that says whether the browser is online. */
export interface Connectivity {
  isOnline(): boolean;
  /** Calls `listener` once the browser is online again; returns a function that stops listening. */
  onOnline(listener: () => void): () => void;
}

export const browserConnectivity: Connectivity = {
  isOnline: () => typeof navigator === 'undefined' || navigator.onLine !== false,
  onOnline(listener) {
    window.addEventListener('online', listener, { once: true });
    return () => window.removeEventListener('online', listener);
  },
};

/** Resolves when `connectivity` is online, or when `deadline` (a `performance.now()` time) passes. */
export function waitUntilOnline(connectivity: Connectivity, deadline: number): Promise<void> {
  if (connectivity.isOnline()) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, Math.max(0, deadline - performance.now()));
    const stop = connectivity.onOnline(done);
    function done() {
      clearTimeout(timer);
      stop();
      resolve();
    }
  });
}

/** The delay before retry `attempt` (1, 2, …) before jitter: 0.5, 1, 2, 4, 4 … s. */
export function backoffDelay(attempt: number, baseMs = RETRY_BASE_MS): number {
  return Math.min(RETRY_MAX_DELAY_MS, baseMs * 2 ** (attempt - 1));
}

export type PostOutcome =
  /** The server answered 2xx; `data` is its parsed JSON (or null). */
  | { ok: true; status: number; data: unknown }
  /** The server answered a final 4xx (or a 2xx/5xx was the last word), `data` its parsed JSON. */
  | { ok: false; status: number; data: unknown }
  /** No answer within the budget: the network failed or stalled every time. */
  | { ok: false; status: null; data: null };

/** POSTs `body` as JSON with the key, retrying under the policy above; never throws for network reasons. */
export async function postWithRetries(url: string, body: unknown, idempotencyKey: string, options: PolicyOptions = {}): Promise<PostOutcome> {
  const budgetMs = options.budgetMs ?? SUBMIT_BUDGET_MS;
  const connectivity = options.connectivity ?? browserConnectivity;
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const started = performance.now();
  const deadline = started + budgetMs;
  // Absolute, so the same code runs outside a page (unit tests) where a relative URL has no base.
  const absolute = new URL(url, typeof location === 'undefined' ? 'http://localhost/' : location.href).toString();
  const json = JSON.stringify(body);
  let last: PostOutcome = { ok: false, status: null, data: null };
  for (let retry = 0; ; retry += 1) {
    await waitUntilOnline(connectivity, deadline);
    const left = deadline - performance.now();
    if (left <= 0) return last;
    const attempt = await attemptOnce(fetchImpl, absolute, json, idempotencyKey, Math.min(options.attemptDeadlineMs ?? ATTEMPT_DEADLINE_MS, left));
    if (attempt.kind === 'broken') return { ok: false, status: null, data: null };
    let pauseMs = fullJitter(backoffDelay(retry + 1, options.retryBaseMs));
    if (attempt.kind === 'answer') {
      const { response, data } = attempt;
      if (response.ok) return { ok: true, status: response.status, data };
      last = { ok: false, status: response.status, data };
      if (!RETRY_STATUS_CODES.includes(response.status)) return last;
      // A server that keeps failing is not a bad network: its answer is the last word after the give-up time.
      if (response.status >= 500 && performance.now() - started >= (options.serverErrorGiveUpMs ?? SERVER_ERROR_GIVE_UP_MS)) return last;
      const asked = retryAfterMs(response);
      if (asked !== undefined && (response.status === 429 || response.status === 503)) pauseMs = Math.min(asked, options.maxRetryAfterMs ?? MAX_RETRY_AFTER_MS);
    }
    if (performance.now() + pauseMs >= deadline) return last;
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
}

type Attempt =
  | { kind: 'answer'; response: Response; data: unknown }
  /** A network error or the attempt's deadline: worth another try. */
  | { kind: 'lost' }
  /** Anything else (a bug): not retried. */
  | { kind: 'broken' };

async function attemptOnce(fetchImpl: typeof fetch, url: string, json: string, idempotencyKey: string, deadlineMs: number): Promise<Attempt> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('The attempt took too long', 'TimeoutError')), deadlineMs);
  try {
    const request = new Request(url, {
      method: 'POST',
      body: json,
      headers: { 'content-type': 'application/json', accept: 'application/json', 'idempotency-key': idempotencyKey },
      credentials: 'same-origin',
      signal: controller.signal,
    });
    const response = await fetchImpl(request);
    const text = await response.text();
    return { kind: 'answer', response, data: parsed(text) };
  } catch (error) {
    if (controller.signal.aborted || error instanceof TypeError) return { kind: 'lost' };
    console.warn('lead request failed', error);
    return { kind: 'broken' };
  } finally {
    clearTimeout(timer);
  }
}

/** Full jitter: a random pause between 0 and `delayMs`. */
function fullJitter(delayMs: number): number {
  return Math.random() * delayMs;
}

/** `Retry-After` in milliseconds (seconds or an HTTP date), or undefined without a usable one. */
function retryAfterMs(response: Response): number | undefined {
  const header = response.headers.get('retry-after');
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function parsed(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
