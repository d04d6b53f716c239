import { createHmac } from 'node:crypto';

/**
 * The client's address, from `X-Forwarded-For`. Route handlers never see the socket: `next start`
 * fills that header with the socket address when the client sent none. Behind our own reverse proxy
 * (TRUST_PROXY=1) the last entry is the one the proxy appended, the only one nobody else can forge;
 * without a proxy the first entry is what Next set.
 */
export function clientAddress(headers: Headers, trustProxy: boolean): string | null {
  const entries = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const address = trustProxy ? entries.at(-1) : entries[0];
  return address ? normalizeAddress(address) : null;
}

/** `::ffff:127.0.0.1` and `127.0.0.1` are one client. */
function normalizeAddress(address: string): string {
  return address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1').toLowerCase();
}

/**
 * We keep a keyed hash of the address, not the address: it is enough to count requests per client and
 * to see that several leads came from one place, and the raw address is personal data we do not need.
 * The key is random per installation (settings table), so the hashes match across our instances only.
 */
export function hashClientAddress(address: string, key: string): string {
  return createHmac('sha256', key).update(address).digest('hex').slice(0, 32);
}
