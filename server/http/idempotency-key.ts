/** What the lead API takes as an idempotency key: the browser sends a UUID; anything sane is accepted. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * The request's idempotency key: the `Idempotency-Key` header (IETF draft), else the `idempotency_key`
 * query parameter (a `navigator.sendBeacon` record cannot set headers). `null` without one, `'invalid'`
 * for one of the wrong form.
 */
export function idempotencyKeyOf(request: Request): string | null | 'invalid' {
  const header = request.headers.get('idempotency-key');
  const value = header ?? new URL(request.url).searchParams.get('idempotency_key');
  if (value === null) return null;
  // The draft's header is a structured-field string: accept it quoted too.
  const key = value.trim().replace(/^"(.*)"$/, '$1');
  return IDEMPOTENCY_KEY_PATTERN.test(key) ? key : 'invalid';
}
