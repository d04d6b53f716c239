/**
 * What of the console's articles and events is in effect at a moment, for the poller (server/live-content/)
 * to put into the instance's state (content/live/state.ts), and when that changes next, so it wakes then.
 * An entry's version in effect is its newest published, not cancelled version whose moment has come
 * (by that moment, then by save order); a draft never is. Pure over the repository's rows.
 */
import type { LiveArticle, LiveEvent } from '@/content/live/state';
import { coverPath, type ArticleFields, type EventFields } from '@/lib/console-content/fields';
import { moscowToday } from '@/lib/calendar';
import type { Repositories } from '@/server/repositories';
import type { ContentKind } from '@/server/repositories/content-entries';
import type { ContentVersion } from '@/server/repositories/content-versions';

export interface InEffect<Value> {
  value: Value;
  /** The next moment a scheduled version takes effect; null when nothing is scheduled. */
  nextChangeAt: Date | null;
}

/** Per entry of `kind`: the version in effect at `now` and the moment its first in-effect version came. */
export function versionsInEffect(published: readonly ContentVersion[], kind: ContentKind, now: number) {
  const byEntry = new Map<string, { current: ContentVersion; firstAt: number }>();
  let next: number | null = null;
  const ordered = published
    .filter((version) => version.kind === kind && version.status === 'published' && version.cancelledAt === null && version.publishAt !== null)
    .sort((a, b) => a.publishAt! - b.publishAt! || a.id - b.id);
  for (const version of ordered) {
    const at = version.publishAt!;
    if (at > now) {
      next = next === null ? at : Math.min(next, at);
      continue;
    }
    const seen = byEntry.get(version.slug);
    byEntry.set(version.slug, { current: version, firstAt: seen?.firstAt ?? at });
  }
  return { entries: [...byEntry.values()], nextChangeAt: next === null ? null : new Date(next) };
}

const day = (at: number) => moscowToday(new Date(at));

/** An article version as the Markdown file it stands for: front matter and body. */
export function liveArticle(slug: string, fields: ArticleFields, firstAt: number, at: number): LiveArticle {
  const publishedAt = day(firstAt);
  const updatedAt = day(at);
  return {
    id: slug,
    frontMatter: {
      title: fields.title,
      description: fields.lead,
      category: fields.category,
      author: fields.author,
      publishedAt,
      ...(updatedAt > publishedAt ? { updatedAt } : {}),
      ...(fields.cover ? { cover: { src: coverPath(fields.cover.id), width: fields.cover.width, height: fields.cover.height } } : {}),
    },
    body: fields.body,
  };
}

/** An event version as the fields content/events.ts lays over the file's event of that slug, or a new one. */
export function liveEvent(slug: string, fields: EventFields): LiveEvent {
  const { cover, ...rest } = fields;
  return { slug, entry: { ...rest, ...(cover ? { cover: { src: coverPath(cover.id), width: cover.width, height: cover.height } } : {}) } };
}

export async function articlesInEffect(repos: Pick<Repositories, 'contentVersions'>, now: Date): Promise<InEffect<LiveArticle[]>> {
  const { entries, nextChangeAt } = versionsInEffect(await repos.contentVersions.published(), 'article', now.getTime());
  return {
    value: entries.map(({ current, firstAt }) => liveArticle(current.slug, current.fields as unknown as ArticleFields, firstAt, current.publishAt!)),
    nextChangeAt,
  };
}

export async function eventsInEffect(repos: Pick<Repositories, 'contentVersions'>, now: Date): Promise<InEffect<LiveEvent[]>> {
  const { entries, nextChangeAt } = versionsInEffect(await repos.contentVersions.published(), 'event', now.getTime());
  return { value: entries.map(({ current }) => liveEvent(current.slug, current.fields as unknown as EventFields)), nextChangeAt };
}
