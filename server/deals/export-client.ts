import type { GetCourseConfig } from '../config';

/**
 * GetCourse's export API, as far as the reconciliation needs it. Asynchronous: asking for the deals
 * (`GET /pl/api/account/deals?key=…&status_changed_at[from]=YYYY-MM-DD`) answers an export id; the export
 * (`GET /pl/api/account/exports/{id}?key=…`) answers "not ready" until GetCourse has made it, then a table
 * (`info.fields`: the column titles, `info.items`: one array a deal). GetCourse allows one export at a
 * time (another one answers "busy") and about 100 export requests per 2 hours.
 */
export type ExportAnswer<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'busy' }
  | { kind: 'not_ready' }
  /** Refused for good (a wrong key, an export that does not exist): `code` is GetCourse's, for logs. */
  | { kind: 'refused'; code: string }
  | { kind: 'failed'; code: 'timeout' | 'network' | 'http_4xx' | 'http_5xx' | 'not_json' };

export interface ExportTable {
  fields: string[];
  items: unknown[][];
}

/** GetCourse's error codes for "an export is already running" and "the file is not made yet" (also matched by their words). */
const BUSY_CODES = new Set([905]);
const NOT_READY_CODES = new Set([909, 910]);

async function call(config: GetCourseConfig, path: string, query: Record<string, string>): Promise<ExportAnswer<Record<string, unknown>>> {
  const url = new URL(`${config.baseUrl}${path}`);
  url.searchParams.set('key', config.apiKey);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(config.timeoutMs) });
  } catch (error) {
    return { kind: 'failed', code: (error as Error)?.name === 'TimeoutError' ? 'timeout' : 'network' };
  }
  if (response.status >= 500) return { kind: 'failed', code: 'http_5xx' };
  if (response.status >= 400) return { kind: 'failed', code: 'http_4xx' };
  let body: Record<string, unknown>;
  try {
    body = (await response.json()) as Record<string, unknown>;
  } catch {
    return { kind: 'failed', code: 'not_json' };
  }
  if (body.success === true || body.success === 'true') return { kind: 'ok', value: (body.info ?? {}) as Record<string, unknown> };
  const code = Number(body.error_code);
  const message = String(body.error_message ?? '').toLowerCase();
  if (BUSY_CODES.has(code) || /уже (запущен|выполняется)|already/.test(message)) return { kind: 'busy' };
  if (NOT_READY_CODES.has(code) || /не (создан|готов)|not ready/.test(message)) return { kind: 'not_ready' };
  return { kind: 'refused', code: Number.isFinite(code) && code > 0 ? String(code) : 'error' };
}

/** Asks for the deals whose status changed on or after `fromDay` (YYYY-MM-DD, the account's time zone). */
export async function requestDealsExport(config: GetCourseConfig, fromDay: string): Promise<ExportAnswer<string>> {
  const answer = await call(config, '/pl/api/account/deals', { 'status_changed_at[from]': fromDay });
  if (answer.kind !== 'ok') return answer;
  const id = answer.value.export_id;
  return typeof id === 'number' || typeof id === 'string' ? { kind: 'ok', value: String(id) } : { kind: 'failed', code: 'not_json' };
}

export async function fetchExport(config: GetCourseConfig, exportId: string): Promise<ExportAnswer<ExportTable>> {
  const answer = await call(config, `/pl/api/account/exports/${encodeURIComponent(exportId)}`, {});
  if (answer.kind !== 'ok') return answer;
  const { fields, items } = answer.value as { fields?: unknown; items?: unknown };
  if (!Array.isArray(fields) || !Array.isArray(items)) return { kind: 'failed', code: 'not_json' };
  return { kind: 'ok', value: { fields: fields.map(String), items: items.filter(Array.isArray) as unknown[][] } };
}
