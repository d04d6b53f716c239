import { releaseTimerRunOn } from '@/lib/release-timer';

/**
 * «Публикации»: what will appear on the site, change or end there, and when, pure. Each kind of scheduled
 * thing comes from a source of its own (publications-data.ts reads them): articles and events of the
 * console, which take effect at their moment; pop-ups' «Показывать с» / «Показывать до»; gift windows;
 * course prices of «Цены» set for later; articles, stories and events dated in the files, which appear
 * with the release timer's run on their day (lib/release-timer.ts). Past moments are left out; the rest is sorted by time.
 */

export type PublicationKind = 'article' | 'story' | 'roadmap' | 'event' | 'popup' | 'gift' | 'price';
export type PublicationChange = 'appears' | 'changes' | 'ends';

/**
 * What «Отменить» and «Перенести» act on: a console version (an article's or event's; a course's prices), a pop-up's bound, a gift window's bound. A
 * row without one is written in a file (a dated article): changed there, not here.
 */
export type PublicationTarget =
  | { source: 'content'; id: number }
  | { source: 'price'; id: number }
  | { source: 'popup'; id: string; bound: 'startsAt' | 'endsAt' }
  | { source: 'gift'; id: number; bound: 'start' | 'end' };

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
  target?: PublicationTarget;
}

export interface ScheduleInput {
  /** Articles, stories, roadmap articles and events dated after today in the files (content check's `scheduled`). */
  dated: readonly { kind: 'article' | 'story' | 'roadmap' | 'event'; title: string; path: string; publishedAt: string }[];
  /** Console versions published for a later moment: a new article or event appears, one on the site changes. */
  versions: readonly { id: number; kind: 'article' | 'event'; title: string; path: string; publishAt: number; onSite: boolean }[];
  /** Pop-ups that are on, with their window (epoch ms; null: no bound). */
  popups: readonly { id: string; name: string; path?: string; startsAt: number | null; endsAt: number | null }[];
  gifts: readonly { id: number; name: string; startTimestamp: number; endTimestamp: number }[];
  /** Course prices saved in «Цены» for a later moment. */
  prices: readonly { id: number; course: string; path: string; effectiveFrom: number }[];
}

export function publicationSchedule(input: ScheduleInput, now: number): Publication[] {
  const rows: Publication[] = input.prices.map((price) => ({
    at: price.effectiveFrom,
    change: 'changes',
    kind: 'price',
    name: price.course,
    path: price.path,
    withRelease: false,
    target: { source: 'price', id: price.id },
  }));
  for (const entry of input.dated) {
    rows.push({ at: releaseTimerRunOn(entry.publishedAt), change: 'appears', kind: entry.kind, name: entry.title, path: entry.path, withRelease: true });
  }
  for (const version of input.versions) {
    rows.push({
      at: version.publishAt,
      change: version.onSite ? 'changes' : 'appears',
      kind: version.kind,
      name: version.title,
      path: version.path,
      withRelease: false,
      target: { source: 'content', id: version.id },
    });
  }
  for (const popup of input.popups) {
    const where = popup.path === undefined ? {} : { path: popup.path };
    const row = (at: number, change: PublicationChange, bound: 'startsAt' | 'endsAt'): Publication => ({
      at,
      change,
      kind: 'popup',
      name: popup.name,
      ...where,
      withRelease: false,
      target: { source: 'popup', id: popup.id, bound },
    });
    if (popup.startsAt !== null) rows.push(row(popup.startsAt, 'appears', 'startsAt'));
    if (popup.endsAt !== null) rows.push(row(popup.endsAt, 'ends', 'endsAt'));
  }
  for (const gift of input.gifts) {
    const row = (at: number, change: PublicationChange, bound: 'start' | 'end'): Publication => ({
      at,
      change,
      kind: 'gift',
      name: gift.name,
      withRelease: false,
      target: { source: 'gift', id: gift.id, bound },
    });
    rows.push(row(gift.startTimestamp, 'appears', 'start'), row(gift.endTimestamp, 'ends', 'end'));
  }
  // A dated entry is still ahead until its day's run has happened.
  return rows.filter((row) => row.at > now).sort((a, b) => a.at - b.at || a.name.localeCompare(b.name, 'ru'));
}

/** A row's target as the actions' forms carry it: `content:12`, `popup:promo-x:startsAt`, `gift:3:end`. */
export function targetKey(target: PublicationTarget): string {
  if (target.source === 'content' || target.source === 'price') return `${target.source}:${target.id}`;
  return `${target.source}:${target.id}:${target.bound}`;
}

export function parseTargetKey(key: string): PublicationTarget | null {
  const version = /^(content|price):(\d{1,12})$/.exec(key);
  if (version) return { source: version[1] as 'content' | 'price', id: Number(version[2]) };
  const popup = /^popup:([A-Za-z0-9_-]{1,100}):(startsAt|endsAt)$/.exec(key);
  if (popup) return { source: 'popup', id: popup[1]!, bound: popup[2] as 'startsAt' | 'endsAt' };
  const gift = /^gift:(\d{1,12}):(start|end)$/.exec(key);
  if (gift) return { source: 'gift', id: Number(gift[1]), bound: gift[2] as 'start' | 'end' };
  return null;
}
