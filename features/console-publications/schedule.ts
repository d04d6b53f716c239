import { releaseTimerRunOn } from '@/lib/release-timer';

/**
 * «Публикации»: what will appear on the site or end there, and when, pure. Articles, stories and events
 * dated later appear with the release timer's run on their day (lib/release-timer.ts); a pop-up's
 * «Показывать с» / «Показывать до» and a gift window's start and end are moments of their own. Past
 * moments are left out; the rest is sorted by time.
 */

export type PublicationKind = 'article' | 'story' | 'roadmap' | 'event' | 'popup' | 'gift';
export type PublicationChange = 'appears' | 'ends';

export interface Publication {
  at: number;
  change: PublicationChange;
  kind: PublicationKind;
  /** What it is called: the title, the pop-up's name, the gift's offer (content/names.ts). */
  name: string;
  /** Its page, when it has one (an article's, an event's; a pop-up's first page). */
  path?: string;
  /** Whether `at` is the release timer's run (the build follows it by a few minutes). */
  withRelease: boolean;
}

export interface ScheduleInput {
  /** Articles, stories, roadmap articles and events dated after today (content check's `scheduled`). */
  dated: readonly { kind: 'article' | 'story' | 'roadmap' | 'event'; title: string; path: string; publishedAt: string }[];
  /** Pop-ups that are on, with their window (epoch ms; null: no bound). */
  popups: readonly { name: string; path?: string; startsAt: number | null; endsAt: number | null }[];
  gifts: readonly { name: string; startTimestamp: number; endTimestamp: number }[];
}

export function publicationSchedule(input: ScheduleInput, now: number): Publication[] {
  const rows: Publication[] = [];
  for (const entry of input.dated) {
    rows.push({ at: releaseTimerRunOn(entry.publishedAt), change: 'appears', kind: entry.kind, name: entry.title, path: entry.path, withRelease: true });
  }
  for (const popup of input.popups) {
    const where = popup.path === undefined ? {} : { path: popup.path };
    if (popup.startsAt !== null) rows.push({ at: popup.startsAt, change: 'appears', kind: 'popup', name: popup.name, ...where, withRelease: false });
    if (popup.endsAt !== null) rows.push({ at: popup.endsAt, change: 'ends', kind: 'popup', name: popup.name, ...where, withRelease: false });
  }
  for (const gift of input.gifts) {
    rows.push({ at: gift.startTimestamp, change: 'appears', kind: 'gift', name: gift.name, withRelease: false });
    rows.push({ at: gift.endTimestamp, change: 'ends', kind: 'gift', name: gift.name, withRelease: false });
  }
  // A dated entry is still ahead until its day's run has happened.
  return rows.filter((row) => row.at > now).sort((a, b) => a.at - b.at || a.name.localeCompare(b.name, 'ru'));
}
