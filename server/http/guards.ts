import type { Repositories } from '../repositories';
import { UNKNOWN_ADDRESS } from '../traffic/caps';

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
 * The rate-limit bucket of a client: `<name>:<keyed hash of its address>`, or `<name>:unknown` for the
 * requests whose address the server could not vouch for (they share one bucket).
 */
export function addressBucket(name: string, addressHash: string | null): string {
  return `${name}:${addressHash ?? UNKNOWN_ADDRESS}`;
}

/**
 * The hits one request counts, in fixed windows kept in the database so that every instance behind a
 * load balancer sees the same count. A request that repeats one already counted (`exempt`: a known
 * idempotency key) counts nowhere; one that turns out to repeat it after counting gives its hits back.
 */
export class RequestLimits {
  private readonly counted: { bucket: string; windowMs: number }[] = [];

  constructor(
    private readonly repos: Pick<Repositories, 'rateLimit'>,
    private readonly now: number,
    private readonly exempt = false,
  ) {}

  /** Counts one hit in `bucket`; the seconds to wait when the bucket is over `limit`, else null. */
  async count(bucket: string, limit: number, windowMs: number = MINUTE_MS): Promise<number | null> {
    const hits = await this.tally(bucket, windowMs);
    return hits !== null && hits > limit ? this.secondsLeft(windowMs) : null;
  }

  /** The seconds until this request's window ends (at least 1): a refused client's `Retry-After`. */
  secondsLeft(windowMs: number = MINUTE_MS): number {
    return Math.max(1, Math.ceil((this.windowStart(windowMs) + windowMs - this.now) / 1000));
  }

  /**
   * Counts one hit in `bucket` and answers the window's hits with it, as the one atomic statement that
   * counted it read them (two requests at once never both see the same count); null for a request that
   * counts nowhere (`exempt`).
   */
  async tally(bucket: string, windowMs: number = MINUTE_MS): Promise<number | null> {
    if (this.exempt) return null;
    this.counted.push({ bucket, windowMs });
    const hits = await this.repos.rateLimit.hit(bucket, this.windowStart(windowMs));
    if (this.now - lastPruneAt > PRUNE_EVERY_MS) {
      lastPruneAt = this.now;
      await this.repos.rateLimit.pruneBefore(this.now - LONGEST_WINDOW_MS);
    }
    return hits;
  }

  /**
   * Counts one hit in `bucket` that stays when this request gives its hits back: a fact of the window (a
   * sender seen in it) rather than this request's share. Nothing for a request that counts nowhere.
   */
  async note(bucket: string, windowMs: number = MINUTE_MS): Promise<void> {
    if (!this.exempt) await this.repos.rateLimit.hit(bucket, this.windowStart(windowMs));
  }

  /** The hits of `buckets` in this request's window (`windowsBack` 0), or one before it (1); counts nothing. */
  read(buckets: readonly string[], windowMs: number, windowsBack: 0 | 1 = 0): Promise<Map<string, number>> {
    return this.repos.rateLimit.hitsOf(buckets, this.windowStart(windowMs) - windowsBack * windowMs);
  }

  /** How far into its window this request is, 0 to 1. */
  elapsed(windowMs: number): number {
    return (this.now - this.windowStart(windowMs)) / windowMs;
  }

  /** Takes back every hit this request counted. */
  async giveBack(): Promise<void> {
    for (const { bucket, windowMs } of this.counted) await this.repos.rateLimit.release(bucket, this.windowStart(windowMs));
  }

  private windowStart(windowMs: number): number {
    return Math.floor(this.now / windowMs) * windowMs;
  }
}
