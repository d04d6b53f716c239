import type { Repositories } from '../repositories/types';

/**
 * Browsers send `Origin` with every POST. A request from another site's page is refused; one without
 * `Origin` (curl, a server) is not a browser acting for a visitor and passes. Our own origin is the
 * request's host (behind a trusted proxy, the host it forwarded) or SITE_URL.
 */
export function isForeignOrigin(headers: Headers, options: { trustProxy: boolean; siteOrigin: string | null }): boolean {
  const origin = headers.get('origin');
  if (origin === null) return false;
  if (options.siteOrigin && origin === options.siteOrigin) return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host.toLowerCase();
  } catch {
    return true; // "null" (sandboxed frames) and anything unparsable
  }
  const ownHosts = [headers.get('host'), options.trustProxy ? headers.get('x-forwarded-host') : null];
  return !ownHosts.some((host) => host?.split(',')[0]?.trim().toLowerCase() === originHost);
}

const WINDOW_MS = 60_000;
const PRUNE_EVERY_MS = 60_000;
let lastPruneAt = 0;

/**
 * A fixed one-minute window per client, counted in the database so that every instance behind a load
 * balancer sees the same count. Returns how many seconds to wait when the limit is passed, else null.
 */
export async function rateLimited(repos: Repositories, bucket: string, limitPerMinute: number, now: number): Promise<number | null> {
  const windowStart = Math.floor(now / WINDOW_MS) * WINDOW_MS;
  const hits = await repos.rateLimit.hit(bucket, windowStart);
  if (now - lastPruneAt > PRUNE_EVERY_MS) {
    lastPruneAt = now;
    await repos.rateLimit.pruneBefore(windowStart - WINDOW_MS);
  }
  return hits > limitPerMinute ? Math.max(1, Math.ceil((windowStart + WINDOW_MS - now) / 1000)) : null;
}

/** Takes back one hit of the current window (a request that turned out to be a repeat of a counted one). */
export async function releaseRateLimitHit(repos: Repositories, bucket: string, now: number): Promise<void> {
  await repos.rateLimit.release(bucket, Math.floor(now / WINDOW_MS) * WINDOW_MS);
}
