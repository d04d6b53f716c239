import type { LiveContent } from '@/content/live/state';
import type { Repositories } from '../repositories';
import type { PriceVersion } from '../repositories/price-versions';

/**
 * The prices the console saved that are in effect at `now`, by course: per course, the newest version
 * not cancelled whose time has come (the later save when two have the same time). A course without one
 * shows its file's prices. Pure, so the console («Цены») marks the same version «на сайте» as the site shows.
 */
export function versionsInEffect(versions: readonly PriceVersion[], now: number): Map<string, PriceVersion> {
  const inEffect = new Map<string, PriceVersion>();
  for (const version of versions) {
    if (version.cancelledAt !== null || version.effectiveFrom > now) continue;
    const current = inEffect.get(version.courseSlug);
    if (!current || version.effectiveFrom > current.effectiveFrom || (version.effectiveFrom === current.effectiveFrom && version.id > current.id)) {
      inEffect.set(version.courseSlug, version);
    }
  }
  return inEffect;
}

/** The earliest time after `now` a version not cancelled takes effect, or null when none is scheduled. */
export function nextPriceChange(versions: readonly PriceVersion[], now: number): number | null {
  const later = versions.filter((version) => version.cancelledAt === null && version.effectiveFrom > now).map((version) => version.effectiveFrom);
  return later.length > 0 ? Math.min(...later) : null;
}

/** Every course's figures in effect at `now` that the console saved: the state's `prices` (content/live/state.ts). */
export function pricesAt(versions: readonly PriceVersion[], now: number): LiveContent['prices'] {
  return Object.fromEntries([...versionsInEffect(versions, now)].map(([slug, version]) => [slug, version.tariffs]));
}

/** What the live-content poller lays over the files' tariffs (content/courses.ts), and when it must look again. */
export async function pricesInEffect(
  repos: Pick<Repositories, 'priceVersions'>,
  now: Date,
): Promise<{ value: LiveContent['prices']; nextChangeAt: Date | null }> {
  const versions = await repos.priceVersions.standing();
  const at = now.getTime();
  const next = nextPriceChange(versions, at);
  return { value: pricesAt(versions, at), nextChangeAt: next === null ? null : new Date(next) };
}
