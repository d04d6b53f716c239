import { loadCollections } from '@/content/collections/load';
import { getMedia } from '@/content/collections';
import { getCourse } from '@/content/courses';
import { currentEvents, scheduledEvents } from '@/content/events';
import { giftName, popupName } from '@/content/names';
import { moscowToday } from '@/lib/calendar';
import { nextReleaseTimerRun } from '@/lib/release-timer';
import type { Repositories } from '@/server/repositories';
import { consoleLogger, errorKind } from '@/server/log';
import { publicationSchedule, type ScheduleInput } from './schedule';

/**
 * What «Публикации» shows at `now` (the release timer's fake clock in tests): articles, stories and events
 * dated later (from the content under `contentRoot`, as this release has it), pop-ups that are on with a
 * window, gift windows, and the release timer's last run (its row in the database) and next one. No
 * session here: features/console-publications/load.ts checks it and calls this.
 */
export async function publicationsAt({
  repos,
  contentRoot,
  now,
}: {
  repos: Pick<Repositories, 'popups' | 'giftSchedule' | 'releaseRuns' | 'contentVersions' | 'priceVersions'>;
  contentRoot: string;
  now: number;
}) {
  const today = moscowToday(new Date(now));
  const [popups, windows, lastRun, versions, prices] = await Promise.all([
    repos.popups.list(),
    repos.giftSchedule.list(),
    repos.releaseRuns.last(),
    repos.contentVersions.published(),
    repos.priceVersions.standing(),
  ]);

  let files: ScheduleInput['dated'] = [];
  try {
    files = loadCollections(contentRoot, { today }).scheduled.map((entry) => ({
      kind: entry.file.includes('/stories/') ? 'story' : entry.file.includes('/roadmaps/') ? 'roadmap' : 'article',
      title: entry.title,
      path: entry.path,
      publishedAt: entry.publishedAt,
    }));
  } catch (error) {
    // A server without the Markdown files (a bare standalone copy): the rest still shows.
    consoleLogger.warn('publications.collections_unreadable', { error: errorKind(error) });
  }
  const events = scheduledEvents(today).map((event) => ({
    kind: 'event' as const,
    title: event.title,
    path: `/events/${event.slug}`,
    publishedAt: event.publishedAt!,
  }));

  // An entry is on the site already when one of its versions took effect (or a file has it: then it changes).
  const onSite = new Set(versions.filter((version) => version.publishAt! <= now).map((version) => `${version.kind}:${version.slug}`));
  const fileSlugs = new Set([...currentEvents().map((event) => `event:${event.slug}`), ...getMedia().items.map((item) => `article:${item.id}`)]);
  const input: ScheduleInput = {
    dated: [...files, ...events],
    versions: versions
      .filter((version) => version.publishAt! > now)
      .map((version) => ({
        id: version.id,
        kind: version.kind,
        title: String(version.fields.title ?? version.slug),
        path: version.kind === 'article' ? `/media/${version.slug}` : `/events/${version.slug}`,
        publishAt: version.publishAt!,
        onSite: onSite.has(`${version.kind}:${version.slug}`) || fileSlugs.has(`${version.kind}:${version.slug}`),
      })),
    popups: popups
      .filter((popup) => popup.config.enabled && (popup.config.startsAt !== null || popup.config.endsAt !== null))
      .map((popup) => ({
        id: popup.id,
        name: popupName(popup.id),
        ...(popup.config.includePaths[0] ? { path: popup.config.includePaths[0] } : {}),
        startsAt: popup.config.startsAt,
        endsAt: popup.config.endsAt,
      })),
    prices: prices
      .filter((price) => price.effectiveFrom > now)
      .map((price) => {
        const course = getCourse(price.courseSlug);
        return {
          id: price.id,
          course: course?.title ?? price.courseSlug,
          path: course?.path ?? `/products/${price.courseSlug}`,
          effectiveFrom: price.effectiveFrom,
        };
      }),
    gifts: windows.map((window) => ({ ...window, name: giftName(window.giftNumber) })),
  };
  return { now, rows: publicationSchedule(input, now), lastRun, nextRun: nextReleaseTimerRun(now) };
}

export type PublicationsData = Awaited<ReturnType<typeof publicationsAt>>;
