import type { DeliveryFailure } from '@/lib/outbox-failures';
import type { GetCourseConfig } from '../config';
import { getCourseMetrics, type GetCourseErrorKind } from '../ops/metrics';

/** The two import endpoints we use: `/pl/api/deals` and `/pl/api/users`. */
export type ImportEndpoint = 'deals' | 'users';

/**
 * The outcome of one import call: a failure is a code (lib/outbox-failures.ts) and a detail that never
 * carries personal data (an HTTP status, the timeout, a network error's code, GetCourse's refusal with
 * the lead's values blanked): both go to the database and the logs.
 */
export type ImportResult = { ok: true } | { ok: false; code: DeliveryFailure; detail: string | null };

/**
 * One call to GetCourse's import API: form-encoded `action=add`, `key`, `params` = base64 of the JSON.
 * GetCourse answers HTTP 200 even when it refused the import, so success means `success` AND
 * `result.success`. The whole call (connect, answer, body) is bounded by the configured timeout.
 * `personal` lists the values to blank out of an error text GetCourse sends back. Each call's time
 * and, when it failed, its kind go to the metrics.
 */
export async function postImport(
  config: GetCourseConfig,
  endpoint: ImportEndpoint,
  params: unknown,
  personal: readonly (string | null | undefined)[] = [],
): Promise<ImportResult> {
  const body = new URLSearchParams({
    action: 'add',
    key: config.apiKey,
    params: Buffer.from(JSON.stringify(params), 'utf8').toString('base64'),
  });
  const started = performance.now();
  const answer = await postForJson(`${config.baseUrl}/pl/api/${endpoint}`, body, config.timeoutMs);
  const seconds = (performance.now() - started) / 1000;
  if (!answer.ok) {
    getCourseMetrics.call(endpoint, seconds, answer.kind);
    return { ok: false, code: answer.kind, detail: answer.detail };
  }
  const record = asRecord(answer.json);
  const result = asRecord(record?.result);
  const accepted = isTrue(record?.success) && isTrue(result?.success);
  getCourseMetrics.call(endpoint, seconds, accepted ? null : 'refused');
  if (accepted) return { ok: true };
  const message = typeof result?.error_message === 'string' ? result.error_message.trim() : '';
  return { ok: false, code: 'refused', detail: message ? withoutPersonalData(message, personal) : null };
}

/**
 * One form-encoded POST to GetCourse that asks for JSON, bounded by `timeoutMs` (connect, answer and
 * body). Redirects are refused: GetCourse answers in place, and a redirect could lead off the account.
 */
export async function postForJson(
  url: string | URL,
  body: URLSearchParams,
  timeoutMs: number,
  headers: Record<string, string> = {},
): Promise<{ ok: true; json: unknown } | { ok: false; kind: Exclude<GetCourseErrorKind, 'refused'>; detail: string | null }> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { accept: 'application/json', ...headers },
      body,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
    text = await response.text();
  } catch (error) {
    return { ok: false, ...describeNetworkError(error, timeoutMs) };
  }
  if (!response.ok) return { ok: false, kind: response.status < 500 ? 'http_4xx' : 'http_5xx', detail: String(response.status) };
  try {
    return { ok: true, json: JSON.parse(text) };
  } catch {
    return { ok: false, kind: 'not_json', detail: null };
  }
}

/** A call that got no answer: timed out (the detail: the timeout in ms) or no connection (the detail: the system's code, `ECONNREFUSED`). */
function describeNetworkError(error: unknown, timeoutMs: number): { kind: 'timeout' | 'network'; detail: string | null } {
  const name = (error as { name?: unknown })?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return { kind: 'timeout', detail: String(timeoutMs) };
  const cause = (error as { cause?: { code?: unknown } })?.cause;
  return { kind: 'network', detail: typeof cause?.code === 'string' ? cause.code.slice(0, 40) : null };
}

// GetCourse has answered both `true` and `"true"` over the years.
function isTrue(value: unknown): boolean {
  return value === true || value === 'true' || value === 1;
}

export function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
}

const emailPattern = /[^\s@()<>,;:"']+@[^\s@()<>,;:"']+/g;
const longNumberPattern = /\+?\d[\d\s()-]{5,}\d/g;

/** An upstream error text fit for storage: the lead's own values, e-mails and phone-like numbers blanked. */
export function withoutPersonalData(text: string, personal: readonly (string | null | undefined)[]): string {
  let clean = text;
  for (const value of personal) if (value && value.length >= 3) clean = clean.split(value).join('[…]');
  return clean.replace(emailPattern, '[e-mail]').replace(longNumberPattern, '[number]').slice(0, 200);
}
