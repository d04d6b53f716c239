import { createHmac } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import { emailPattern } from '../rules/flood-signs';

/**
 * Which client sent a request, as far as anyone can know it without trusting the client.
 *
 * Route handlers never see the socket, and `next start` keeps an `X-Forwarded-For` that the client sent
 * (it only fills the header when it is absent), so that header alone lets anyone choose their own
 * rate-limit bucket. The web process therefore stamps every request, before Next.js sees it, with the
 * address it can vouch for (see `server/http/request-stamp.ts`) in a header of its own, which a
 * client cannot set: whatever arrives under that name is replaced.
 */
export const CLIENT_ADDRESS_HEADER = 'x-site-client-address';

/**
 * The address to trust, from the socket's peer and the `X-Forwarded-For` entries before it.
 * `trustedProxies` is how many proxies of ours stand in front (TRUST_PROXY): 0 means the peer itself
 * is the client; with 1 (one nginx), the peer is our proxy and the last forwarded entry is the address
 * that proxy saw, while the entries before it are whatever the client wrote and are ignored.
 */
export function trustedClientAddress(peer: string | undefined, forwardedFor: string | string[] | undefined, trustedProxies: number): string | null {
  // Without a peer (a destroyed socket) nothing here can be vouched for.
  if (!peer) return null;
  const forwarded = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const chain = [...forwarded, peer];
  // Past the proxies we trust; a chain shorter than that (a request that bypassed a proxy) falls back
  // to its first entry, which is then still the one the nearest trusted hop wrote or saw.
  const address = chain[Math.max(0, chain.length - 1 - trustedProxies)];
  return address ? normalizeAddress(address) : null;
}

/** The stamped address of a request, or null when the server could not vouch for one. */
export function clientAddress(headers: Headers): string | null {
  return headers.get(CLIENT_ADDRESS_HEADER) || null;
}

/**
 * Canonical text of an address: `::ffff:127.0.0.1` and `127.0.0.1` are one client, IPv6 in its short
 * form. Anything that is not an IP address (a forged header through a misconfigured proxy) is kept as
 * text, lower-cased and bounded, so it still counts somewhere.
 */
export function normalizeAddress(address: string): string {
  const bare = address.replace(/^\[(.*)\](:\d+)?$/, '$1');
  if (!ipaddr.isValid(bare)) return bare.toLowerCase().slice(0, 64);
  return ipaddr.process(bare).toString();
}

/**
 * The part of an address that identifies one subscriber: an IPv4 address, or the /64 network of an
 * IPv6 address (a home or a phone gets a whole /64, so counting full IPv6 addresses would give one
 * client 2^64 buckets).
 */
export function subscriberPrefix(address: string): string {
  if (!ipaddr.IPv6.isValid(address) || ipaddr.IPv4.isValid(address)) return address;
  const parts = ipaddr.IPv6.parse(address).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}

/**
 * The network an address belongs to, as a provider hands them out: an IPv4 /24, an IPv6 /48 (a site or a
 * small provider). Several addresses of one sender (a botnet's hosts in one rented range, an IPv6 /48's
 * 65,536 /64s) are one network; anything that is not an IP address is its own network.
 */
export function networkPrefix(address: string): string {
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) return `${ipaddr.IPv4.parse(address).octets.slice(0, 3).join('.')}.0/24`;
  if (!ipaddr.IPv6.isValid(address)) return address;
  const parts = ipaddr.IPv6.parse(address).parts.slice(0, 3);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0, 0]).toString()}/48`;
}

/** The keyed hash of an address's network (networkPrefix), apart from the subscriber hashes of the same key. */
export function hashClientNetwork(address: string, key: string): string {
  return keyedHash(`network:${networkPrefix(address)}`, key);
}

/**
 * We keep a keyed hash of the subscriber prefix, not the address: enough to count requests per client
 * and to see that several leads came from one place. The key lives outside the database (see
 * `hash-key.ts`), so a copy of the database alone does not let anyone try all 2^32 IPv4 addresses.
 */
export function hashClientAddress(address: string, key: string): string {
  return keyedHash(subscriberPrefix(address), key);
}

/** The rate-limit bucket of an e-mail address: keyed, so the counters table holds no e-mail. */
export function emailBucket(email: string, key: string): string {
  return `email:${keyedHash(email.trim().toLowerCase(), key)}`;
}

/** The counter of the e-mails of one pattern (server/rules/flood-signs.ts), keyed like `emailBucket`. */
export function emailPatternBucket(email: string, key: string): string {
  return `flood-email:${keyedHash(emailPattern(email), key)}`;
}

/** A keyed hash of `value` (32 hex digits): what the counters and the leads keep instead of an address or an e-mail. */
export function keyedHash(value: string, key: string): string {
  return createHmac('sha256', key).update(value).digest('hex').slice(0, 32);
}
