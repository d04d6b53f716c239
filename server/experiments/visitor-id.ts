import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { signedVisitorIdShape } from '@/lib/experiments/variants';

/**
 * Visitor ids of experiments (pop-up split tests; any later A/B test reuses them): the server makes
 * each one, `<id>.<signature>`, where the id is 128 random bits and the signature an HMAC of it with the
 * address-hash key (ADDRESS_HASH_KEY or its key file). A variant is a hash of the whole signed id, so a
 * client that could make up ids could make them until it landed in the variant it wanted; a made-up or
 * altered id does not verify, and whatever it carries counts for no variant.
 *
 * An id is `counted` or `uncounted`, by which of two purposes signed it: the server issues uncounted ids
 * to a network past its daily allowance of new visitors (server/http/visitor-id.ts), so a client asking
 * again and again until it lands in a variant gets variants that count for nothing. Both verify (the
 * visitor keeps their variant on every page); the shape is the same, so nobody can tell them apart
 * without the key. Ids signed before the two purposes are counted ones. Pure: the key is passed in.
 */

/** Keeps these signatures apart from the address and e-mail hashes made with the same key. */
const PURPOSES = { counted: 'experiment-visitor-id:', uncounted: 'experiment-visitor-id-uncounted:' } as const;
export type VisitorIdKind = keyof typeof PURPOSES;
const ID_BYTES = 16;
const SIGNATURE_BYTES = 16;

const base64url = (bytes: Buffer) => bytes.toString('base64url');

function signature(id: string, key: string, kind: VisitorIdKind): string {
  return base64url(
    createHmac('sha256', key)
      .update(PURPOSES[kind] + id)
      .digest()
      .subarray(0, SIGNATURE_BYTES),
  );
}

/** `<id>.<signature>` of a given id (22 characters of base64url each). */
export function signVisitorId(id: string, key: string, kind: VisitorIdKind = 'counted'): string {
  return `${id}.${signature(id, key, kind)}`;
}

/** A new visitor id, signed. */
export function issueVisitorId(key: string, random: (size: number) => Buffer = randomBytes, kind: VisitorIdKind = 'counted'): string {
  return signVisitorId(base64url(random(ID_BYTES)), key, kind);
}

/** Which kind of id this key signed `signed` as, unaltered (compared in constant time); null when it signed no such id. */
export function visitorIdKind(signed: string, key: string): VisitorIdKind | null {
  if (!signedVisitorIdShape.test(signed)) return null;
  const [id, given] = signed.split('.') as [string, string];
  // The texts are compared, not their decoded bytes: 22 characters carry 4 bits more than 16 bytes, and
  // a last character differing only in those would decode the same.
  const actual = Buffer.from(given);
  for (const kind of ['counted', 'uncounted'] as const) {
    const expected = Buffer.from(signature(id, key, kind));
    if (actual.length === expected.length && timingSafeEqual(actual, expected)) return kind;
  }
  return null;
}

/** True when `signed` is an id this key signed, of either kind, unaltered. */
export function verifyVisitorId(signed: string, key: string): boolean {
  return visitorIdKind(signed, key) !== null;
}
