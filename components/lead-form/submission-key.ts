/**
 * One idempotency key per submission: made when the visitor presses the button and kept,
 * with the request body built then, for every later press with the same values (a retry after a final
 * failure, a double click). A changed value makes a new key; a success forgets it, so "send another
 * one" is a new lead.
 */
export class SubmissionKeys<Body = unknown> {
  #last: { fingerprint: string; key: string; body: Body } | null = null;

  /** The key and body for a submission of `fingerprint`: the remembered ones if it is a repeat. */
  take(fingerprint: string, build: () => Body): { key: string; body: Body } {
    if (this.#last?.fingerprint !== fingerprint) this.#last = { fingerprint, key: newIdempotencyKey(), body: build() };
    return { key: this.#last.key, body: this.#last.body };
  }

  /** After a success: the next press is a new submission. */
  forget() {
    this.#last = null;
  }
}

const slots = new Map<string, SubmissionKeys<unknown>>();

/**
 * The page's memory for one form (e.g. `consultation:consultation-popover`): shared by every mount of
 * it, so a visitor who closes the popover after a lost answer and sends the same values from a reopened
 * one still sends the first key. Kept in memory only (no personal data in browser storage).
 */
export function submissionKeysFor<Body>(slot: string): SubmissionKeys<Body> {
  let keys = slots.get(slot);
  if (!keys) slots.set(slot, (keys = new SubmissionKeys<unknown>()));
  return keys as SubmissionKeys<Body>;
}

/** What makes two presses the same submission: the form, where it is, and the values. */
export function submissionFingerprint(formId: string, values: { fullName: string; email: string; phone: string }, placement: object = {}): string {
  return JSON.stringify([formId, values.fullName.trim(), values.email.trim(), values.phone.replace(/\s+/g, ''), placement]);
}

/** A random UUID (v4); `crypto.randomUUID` exists only in secure contexts, so fall back to its parts. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
