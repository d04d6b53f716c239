import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { signedVisitorIdShape } from '@/lib/experiments/variants';

/**
 * Visitor ids of experiments (pop-up split tests; any later A/B test reuses them): the server makes
 * each one, `<id>.<signature>`, where the id is 128 random bits and the signature an HMAC of it with the
 * address-hash key (ADDRESS_HASH_KEY or its key file). A variant is a hash of the whole signed id, so a
 * client that could make up ids could make them until it landed in the variant it wanted; a made-up or
 * altered id does not verify, and whatever it carries counts for no variant. Pure: the key is passed in.
 */

/** Keeps these signatures apart from the address and e-mail hashes made with the same key. */
const PURPOSE = 'experiment-visitor-id:';
const ID_BYTES = 16;
const SIGNATURE_BYTES = 16;

const base64url = (bytes: Buffer) => bytes.toString('base64url');

function signature(id: string, key: string): string {
  return base64url(
    createHmac('sha256', key)
      .update(PURPOSE + id)
      .digest()
      .subarray(0, SIGNATURE_BYTES),
  );
}

/** `<id>.<signature>` of a given id (22 characters of base64url each). */
export function signVisitorId(id: string, key: string): string {
  return `${id}.${signature(id, key)}`;
}

/** A new visitor id, signed. */
export function issueVisitorId(key: string, random: (size: number) => Buffer = randomBytes): string {
  return signVisitorId(base64url(random(ID_BYTES)), key);
}

/** True when `signed` is an id this key signed, unaltered (compared in constant time). */
export function verifyVisitorId(signed: string, key: string): boolean {
  if (!signedVisitorIdShape.test(signed)) return false;
  const [id, given] = signed.split('.') as [string, string];
  // The texts are compared, not their decoded bytes: 22 characters carry 4 bits more than 16 bytes, and
  // a last character differing only in those would decode the same.
  const expected = Buffer.from(signature(id, key));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
