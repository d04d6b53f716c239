import path from 'node:path';
import { getMedia } from '@/content/collections';
import { consoleMediaArticle, readMediaSource, type MediaArticle } from '@/content/collections/load';
import { mediaCategories } from '@/content/media/categories';
import { staff } from '@/content/staff';
import { consoleEvent, currentEvents, fileEvent, type SchoolEvent } from '@/content/events';
import { moscowInput, type ArticleFields, type EventFields } from '@/lib/console-content/fields';
import { moscowDayTime } from '@/components/console/moscow-time';
import { requireOperator } from '@/server/admin/session';
import { freshLiveContent } from '@/server/live-content/live';
import { liveArticle, liveEvent } from '@/server/live-content/publications';
import type { ContentKind } from '@/server/repositories/content-entries';
import type { ContentVersion } from '@/server/repositories/content-versions';
import type { ContentFormValues } from './content-types';
import { latestVersion, versionStates, type VersionState } from './version-states';

export interface ContentListRow {
  slug: string;
  title: string;
  /** «на сайте», «черновик», «выйдет 16 декабря, 10:00 МСК», together. */
  state: string;
}

/** «Статьи» / «События»: the files' entries and the console's, by title. */
export async function loadContentList(kind: ContentKind): Promise<ContentListRow[]> {
  const { runtime, now } = await requireOperator();
  // The lists name what is on the site now, which another instance may have published.
  await freshLiveContent(now);
  const [versions, consoleSlugs] = await Promise.all([runtime.repos.contentVersions.listKind(kind), runtime.repos.contentEntries.list(kind)]);
  const onSite = new Map<string, string>(
    kind === 'article' ? getMedia().items.map((item) => [item.id, item.title]) : currentEvents().map((event) => [event.slug, event.title]),
  );
  const slugs = [...new Set([...onSite.keys(), ...consoleSlugs])];
  return slugs
    .map((slug) => {
      const own = versions.filter((version) => version.slug === slug);
      const latest = latestVersion(own);
      const states = versionStates(own, now);
      const parts: string[] = [];
      if ([...states.values()].includes('on_site')) parts.push('на сайте');
      else if (onSite.has(slug)) parts.push('на сайте (из файла)');
      else parts.push('нет на сайте');
      if (latest && states.get(latest.id) === 'draft') parts.push('есть черновик');
      for (const version of own.filter((candidate) => states.get(candidate.id) === 'scheduled').sort((a, b) => a.publishAt! - b.publishAt!))
        parts.push(`выйдет ${moscowDayTime(version.publishAt!, now)}`);
      return { slug, title: latest ? String(latest.fields.title ?? slug) : (onSite.get(slug) ?? slug), state: parts.join(', ') };
    })
    .sort((a, b) => a.title.localeCompare(b.title, 'ru'));
}

export interface HistoryRow {
  version: ContentVersion;
  state: VersionState;
}

/** What the edit form needs: the values it starts with, the lists to choose from, the history. */
export interface ContentEditData {
  kind: ContentKind;
  slug: string | null;
  values: ContentFormValues;
  /** The cover's address when the values name one. */
  coverSrc: string | null;
  history: HistoryRow[];
  categories: { value: string; label: string }[];
  authors: { value: string; label: string }[];
  now: number;
}

const contentRoot = () => path.join(process.cwd(), 'content');

function articleValues(fields: ArticleFields): ContentFormValues {
  return {
    title: fields.title,
    lead: fields.lead,
    body: fields.body,
    category: fields.category,
    author: fields.author,
    cover: fields.cover ? String(fields.cover.id) : '',
  };
}

function eventValues(fields: EventFields): ContentFormValues {
  return {
    title: fields.title,
    startsAt: moscowInput(fields.startsAt),
    place: fields.place,
    description: fields.description,
    formHeading: fields.formHeading,
    formText: fields.formText,
    buttonLabel: fields.buttonLabel,
    cover: fields.cover ? String(fields.cover.id) : '',
  };
}

/** A file's entry as the form's first values (its own cover stays unless one is uploaded). */
function fileValues(kind: ContentKind, slug: string): ContentFormValues | undefined {
  if (kind === 'article') {
    const source = readMediaSource(contentRoot(), slug);
    if (!source) return undefined;
    const matter = source.frontMatter as Record<string, string>;
    return {
      title: matter.title ?? '',
      lead: matter.description ?? '',
      body: source.body,
      category: matter.category ?? '',
      author: matter.author ?? '',
      cover: '',
    };
  }
  const event = fileEvent(slug);
  if (!event) return undefined;
  const place = event.facts.find((fact) => ['Где', 'Место', 'Формат'].includes(fact.label))?.value ?? '';
  return {
    title: event.title,
    startsAt: event.dates ? `${event.dates.start}T10:00` : '',
    place,
    description: event.hero.lead,
    formHeading: event.leadForm.heading,
    formText: event.leadForm.description,
    buttonLabel: event.hero.cta,
    cover: '',
  };
}

/** A new entry (`slug` null) or an existing one; undefined when the address is neither a file's nor the console's. */
export async function loadContentEdit(kind: ContentKind, slug: string | null): Promise<ContentEditData | undefined> {
  const { runtime, now } = await requireOperator();
  const history = slug ? await runtime.repos.contentVersions.history(kind, slug) : [];
  const latest = latestVersion(history);
  const fromFile = slug && !latest ? fileValues(kind, slug) : undefined;
  if (slug && !latest && !fromFile) return undefined;
  const values: ContentFormValues = latest
    ? kind === 'article'
      ? articleValues(latest.fields as unknown as ArticleFields)
      : eventValues(latest.fields as unknown as EventFields)
    : (fromFile ?? {});
  const states = versionStates(history, now);
  return {
    kind,
    slug,
    values: { ...values, slug: slug ?? '' },
    coverSrc: values.cover ? `/api/content-images/${values.cover}` : null,
    history: history.map((version) => ({ version, state: states.get(version.id)! })),
    categories: mediaCategories.map((category) => ({ value: category.slug, label: category.label })),
    authors: staff.map((person) => ({ value: person.slug, label: person.name })),
    now,
  };
}

/** One saved version as a visitor would get it: an article's page or an event's; undefined when it is no version of this entry. */
export async function loadVersionPreview(
  kind: ContentKind,
  slug: string,
  id: number,
): Promise<{ kind: 'article'; article: MediaArticle } | { kind: 'event'; event: SchoolEvent } | { problems: string[] } | undefined> {
  const { runtime } = await requireOperator();
  const version = await runtime.repos.contentVersions.get(id);
  if (!version || version.kind !== kind || version.slug !== slug) return undefined;
  const at = version.publishAt ?? version.createdAt;
  if (kind === 'article') {
    const built = consoleMediaArticle(
      liveArticle(slug, version.fields as unknown as ArticleFields, at, at),
      getMedia().items.find((item) => item.id === slug),
    );
    return 'problems' in built ? { problems: built.problems.map((problem) => problem.message) } : { kind, article: built.article };
  }
  const built = consoleEvent(slug, liveEvent(slug, version.fields as unknown as EventFields).entry, fileEvent(slug));
  return 'problems' in built ? built : { kind, event: built.event };
}
