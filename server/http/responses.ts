import type { ApiError, FieldError } from '@/lib/api-contract';
import { refusalMessages, type RefusalCode } from './messages';

/**
 * Every answer of our API is JSON (or empty), never cached unless the endpoint says so. A success is
 * `jsonOk`; anything else is a refusal, rendered by `refusalResponse` alone, so every error carries a code.
 */
function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { 'cache-control': 'no-store', ...headers } });
}

/** 201 with a JSON body: something stored (a console upload). */
export function jsonCreated(body: unknown, headers: Record<string, string> = {}): Response {
  return jsonResponse(201, body, headers);
}

/** 200 with a JSON body. */
export function jsonOk(body: unknown, headers: Record<string, string> = {}): Response {
  return jsonResponse(200, body, headers);
}

/** 204: taken, nothing to say (the browser's reports). */
export function noContent(): Response {
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
}

/** 200 with stored bytes (an uploaded image) of their own type. */
export function bytesOk(bytes: Uint8Array, contentType: string, headers: Record<string, string>): Response {
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: { 'content-type': contentType, 'content-length': String(bytes.byteLength), ...headers },
  });
}

/** A page of the site as the instance rendered it: 200, or 404 with the site's own «not found» page (HTML, not a refusal of the API). */
export function htmlPage(html: string, status: 200 | 404, headers: Record<string, string>): Response {
  return new Response(html, { status, headers: { 'content-type': 'text/html; charset=utf-8', ...headers } });
}

/**
 * A refusal as an endpoint states it: a status and a code; the sentence is the edge's to choose
 * (`refusalMessages`). `details` are fields a reader depends on beside the code (health's `db`).
 */
export class Refusal {
  constructor(
    readonly status: number,
    readonly code: RefusalCode,
    readonly more: { path?: string; errors?: FieldError[]; headers?: Record<string, string>; details?: Record<string, string> } = {},
  ) {}
}

export function refuse(status: number, code: RefusalCode, more: Refusal['more'] = {}): Refusal {
  return new Refusal(status, code, more);
}

/** The one error body of the API: `{ code, message, path?, errors? }` (lib/api-contract.ts). */
export function refusalResponse({ status, code, more: { path, errors, headers, details } }: Refusal): Response {
  const body: ApiError = { ...details, code, message: refusalMessages[code] };
  if (path !== undefined) body.path = path;
  if (errors !== undefined) body.errors = errors;
  return jsonResponse(status, body, headers);
}
