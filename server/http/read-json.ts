import { messages } from './responses';

export const MAX_BODY_BYTES = 16 * 1024;
/** A lead is a few hundred bytes: a body still arriving after this is a slow client holding a request. */
export const BODY_READ_DEADLINE_MS = 10_000;

export type BodyProblem = { status: 400 | 408 | 413 | 415; message: string };

/** A JSON media type: `application/json`, optionally with parameters such as `charset=utf-8`. */
export function isJsonContentType(contentType: string | null): boolean {
  return /^application\/json\s*(;|$)/i.test(contentType?.trim() ?? '');
}

/** Declared too large: refused before reading a byte. */
export function declaredTooLarge(headers: Headers, limit = MAX_BODY_BYTES): boolean {
  const length = Number(headers.get('content-length'));
  return Number.isFinite(length) && length > limit;
}

/**
 * Reads at most `limit` bytes (a chunked body declares no length, so it is counted as it arrives)
 * within `deadlineMs`, and parses them as UTF-8 JSON. Never throws: every problem is a 4xx for the
 * caller to send.
 */
export async function readJsonBody(
  request: Request,
  limit = MAX_BODY_BYTES,
  deadlineMs = BODY_READ_DEADLINE_MS,
  acceptsContentType: (contentType: string | null) => boolean = isJsonContentType,
): Promise<{ value: unknown } | BodyProblem> {
  if (!acceptsContentType(request.headers.get('content-type'))) return { status: 415, message: messages.notJson };
  if (declaredTooLarge(request.headers, limit)) return { status: 413, message: messages.tooLarge };

  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body?.getReader();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void reader?.cancel().catch(() => undefined);
  }, deadlineMs);
  try {
    while (reader) {
      const { done, value } = await reader.read();
      if (timedOut) return { status: 408, message: messages.bodyTimeout };
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => undefined);
        return { status: 413, message: messages.tooLarge };
      }
      chunks.push(value);
    }
  } catch {
    return timedOut ? { status: 408, message: messages.bodyTimeout } : { status: 400, message: messages.badJson };
  } finally {
    clearTimeout(timer);
  }

  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
    return { value: JSON.parse(text) as unknown };
  } catch {
    return { status: 400, message: messages.badJson };
  }
}
