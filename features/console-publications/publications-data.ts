import { loadCollections } from '@/content/collections/load';
import { scheduledEvents } from '@/content/events';
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
  repos: Pick<Repositories, 'popups' | 'giftSchedule' | 'releaseRuns'>;
  contentRoot: string;
  now: number;
}) {
  const today = moscowToday(new Date(now));
  const [popups, windows, lastRun] = await Promise.all([repos.popups.list(), repos.giftSchedule.list(), repos.releaseRuns.last()]);

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

  const input: ScheduleInput = {
    dated: [...files, ...events],
    popups: popups
      .filter((popup) => popup.config.enabled && (popup.config.startsAt !== null || popup.config.endsAt !== null))
      .map((popup) => ({
        name: popupName(popup.id),
        ...(popup.config.includePaths[0] ? { path: popup.config.includePaths[0] } : {}),
        startsAt: popup.config.startsAt,
        endsAt: popup.config.endsAt,
      })),
    gifts: windows.map((window) => ({ ...window, name: giftName(window.giftNumber) })),
  };
  return { now, rows: publicationSchedule(input, now), lastRun, nextRun: nextReleaseTimerRun(now) };
}

export type PublicationsData = Awaited<ReturnType<typeof publicationsAt>>;
