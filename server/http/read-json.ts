import { refuse, type Refusal } from './responses';

export const MAX_BODY_BYTES = 16 * 1024;
/** A lead is a few hundred bytes: a body still arriving after this is a slow client holding a request. */
export const BODY_READ_DEADLINE_MS = 10_000;

/** A JSON media type: `application/json`, optionally with parameters such as `charset=utf-8`. */
export function isJsonContentType(contentType: string | null): boolean {
  return /^application\/json\s*(;|$)/i.test(contentType?.trim() ?? '');
}

/** `sendBeacon` with a string sends it as text/plain (or with no type at all); a JSON type is fine too. */
export function isBeaconContentType(contentType: string | null): boolean {
  return !contentType || /^(text\/plain|application\/json)\s*(;|$)/i.test(contentType);
}

/** Declared too large: refused before reading a byte. */
export function declaredTooLarge(headers: Headers, limit = MAX_BODY_BYTES): boolean {
  const length = Number(headers.get('content-length'));
  return Number.isFinite(length) && length > limit;
}

/**
 * Reads at most `limit` bytes (a chunked body declares no length, so it is counted as it arrives)
 * within `deadlineMs`, and parses them as UTF-8 JSON. Never throws: every problem is a 4xx refusal for
 * the caller to send. The media type and the declared length are the endpoint's to check first
 * (server/http/endpoint.ts): they cost nothing.
 */
export async function readJsonBody(request: Request, limit = MAX_BODY_BYTES, deadlineMs = BODY_READ_DEADLINE_MS): Promise<{ value: unknown } | Refusal> {
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
      if (timedOut) return refuse(408, 'body_timeout');
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => undefined);
        return refuse(413, 'too_large');
      }
      chunks.push(value);
    }
  } catch {
    return timedOut ? refuse(408, 'body_timeout') : refuse(400, 'bad_json');
  } finally {
    clearTimeout(timer);
  }

  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
    return { value: JSON.parse(text) as unknown };
  } catch {
    return refuse(400, 'bad_json');
  }
}
