import ky, { HTTPError, isHTTPError, isTimeoutError, type KyResponse } from 'ky';

/**
 * How every lead form talks to our API over a visitor's network (issue 15), in one place:
 * - each attempt has a deadline (ATTEMPT_DEADLINE_MS);
 * - network errors, deadlines, 408, 429 and 5xx are tried again with exponential backoff and full jitter,
 *   honouring `Retry-After` up to MAX_RETRY_AFTER_MS, all within SUBMIT_BUDGET_MS from the press;
 * - 4xx answers (validation, a refused key) are final at once;
 * - while the browser says it is offline, the next attempt waits for its `online` event (same budget).
 * Every attempt carries the same `Idempotency-Key`, so the server stores one lead however many arrive.
 *
 * The retry loop is ky's (a small, well-kept fetch wrapper: per-attempt `timeout`, `totalTimeout`,
 * `retry` with jitter and `Retry-After`) rather than our own; it ships only in the forms' lazy chunks.
 * ky 2 declares Node 22 in `engines` (npm warns on Node 20): it runs in browsers here, and its unit
 * tests pass on the project's Node 20.
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
 * RETRY_MAX_DELAY_MS), not after the whole budget (issue 29). Silence and offline keep the whole budget.
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
  const started = performance.now();
  const deadline = started + budgetMs;
  const online = () => waitUntilOnline(connectivity, deadline);
  try {
    // Absolute, so the same code runs outside a page (unit tests) where a relative URL has no base.
    const absolute = new URL(url, typeof location === 'undefined' ? 'http://localhost/' : location.href).toString();
    const response: KyResponse = await ky.post(absolute, {
      json: body,
      headers: { 'idempotency-key': idempotencyKey },
      credentials: 'same-origin',
      timeout: options.attemptDeadlineMs ?? ATTEMPT_DEADLINE_MS,
      totalTimeout: budgetMs,
      retry: {
        // The budget ends the retries, not a count.
        limit: 100,
        // Safe for POST only because every attempt carries the same idempotency key.
        methods: ['post'],
        statusCodes: RETRY_STATUS_CODES,
        afterStatusCodes: [429, 503],
        maxRetryAfter: options.maxRetryAfterMs ?? MAX_RETRY_AFTER_MS,
        delay: (attempt) => backoffDelay(attempt, options.retryBaseMs),
        jitter: true,
        retryOnTimeout: true,
        // Answered 5xx and past the give-up time: final (the answer is the last word); else ky decides.
        shouldRetry: ({ error }) =>
          isHTTPError(error) && error.response.status >= 500 && performance.now() - started >= (options.serverErrorGiveUpMs ?? SERVER_ERROR_GIVE_UP_MS)
            ? false
            : undefined,
      },
      hooks: { beforeRequest: [online], beforeRetry: [online] },
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
    return { ok: true, status: response.status, data: await response.json().catch(() => null) };
  } catch (error) {
    if (isHTTPError(error)) return { ok: false, status: error.response.status, data: parsed((error as HTTPError).data) };
    // No answer in the budget (timeouts, network errors), or anything else (an abort, a bug): a failure
    // without an answer; the visitor gets the toast.
    if (!isTimeoutError(error)) console.warn('lead request failed', error);
    return { ok: false, status: null, data: null };
  }
}

function parsed(data: unknown): unknown {
  if (typeof data !== 'string') return data ?? null;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return null;
  }
}
