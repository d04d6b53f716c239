import type { ContentVersion } from '@/server/repositories/content-versions';

/**
 * Where each version of an entry stands at `now`: a `draft`; `on_site` (the one in effect: the newest
 * published whose moment has come); `scheduled` (published for a later moment); `replaced` (was on the
 * site, a later one took over); `cancelled`. Pure: the history and «Публикации» read it.
 */
export type VersionState = 'draft' | 'on_site' | 'scheduled' | 'replaced' | 'cancelled';

export function versionStates(versions: readonly ContentVersion[], now: number): Map<number, VersionState> {
  const states = new Map<number, VersionState>();
  const live = versions
    .filter((version) => version.status === 'published' && version.cancelledAt === null && version.publishAt !== null && version.publishAt <= now)
    .sort((a, b) => b.publishAt! - a.publishAt! || b.id - a.id)[0];
  for (const version of versions) {
    if (version.status === 'draft') states.set(version.id, 'draft');
    else if (version.cancelledAt !== null) states.set(version.id, 'cancelled');
    else if (version.id === live?.id) states.set(version.id, 'on_site');
    else states.set(version.id, version.publishAt! > now ? 'scheduled' : 'replaced');
  }
  return states;
}

/** The version whose fields the form starts from: the newest saved one that is not cancelled, else the newest (all cancelled). */
export function latestVersion(versions: readonly ContentVersion[]): ContentVersion | undefined {
  const newestFirst = [...versions].sort((a, b) => b.id - a.id);
  return newestFirst.find((version) => version.cancelledAt === null) ?? newestFirst[0];
}
