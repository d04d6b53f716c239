import type { Repositories } from '../repositories';

/**
 * Browsers send `Origin` with every POST. A request from another site's page is refused; one without
 * `Origin` (curl, a server) is not a browser acting for a visitor and passes. Our own origin is SITE_URL,
 * or the request's `Host` (nginx sets it: `proxy_set_header Host $host`). Never `X-Forwarded-Host`: a
 * proxy that does not set it passes on whatever the client wrote there (the web process drops it
 * anyway, server/http/request-stamp.ts).
 */
export function isForeignOrigin(headers: Headers, options: { siteOrigin: string | null }): boolean {
  const origin = headers.get('origin');
  if (origin === null) return false;
  if (options.siteOrigin && origin === options.siteOrigin) return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host.toLowerCase();
  } catch {
    return true; // "null" (sandboxed frames) and anything unparsable
  }
  return headers.get('host')?.trim().toLowerCase() !== originHost;
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
/** Counters of windows older than the longest window are of no use any more. */
const LONGEST_WINDOW_MS = HOUR_MS;
const PRUNE_EVERY_MS = MINUTE_MS;
let lastPruneAt = 0;

/**
 * A fixed window per bucket, counted in the database so that every instance behind a load balancer
 * sees the same count. Counts one hit and returns how many seconds to wait when the bucket is over its
 * limit, else null.
 */
export async function rateLimited(
  repos: Repositories,
  bucket: string,
  limit: number,
  now: number,
  windowMs: number = MINUTE_MS,
): Promise<number | null> {
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const hits = await repos.rateLimit.hit(bucket, windowStart);
  if (now - lastPruneAt > PRUNE_EVERY_MS) {
    lastPruneAt = now;
    await repos.rateLimit.pruneBefore(now - LONGEST_WINDOW_MS);
  }
  return hits > limit ? Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)) : null;
}

/** Takes back the hit `rateLimited` counted in that window (a request that turned out to repeat a counted one). */
export async function releaseRateLimitHit(repos: Repositories, bucket: string, now: number, windowMs: number = MINUTE_MS): Promise<void> {
  await repos.rateLimit.release(bucket, Math.floor(now / windowMs) * windowMs);
}
