import path from 'node:path';
import { consoleMediaArticle, readMediaSource } from '@/content/collections/load';
import { getMedia } from '@/content/collections';
import { consoleEvent, fileEvent } from '@/content/events';
import {
  articleFieldsSchema,
  eventFieldsSchema,
  fieldProblems,
  parseMoscowInput,
  slugField,
  type ArticleFields,
  type EventFields,
} from '@/lib/console-content/fields';
import { problemLine } from '@/content/validation/problems';
import { liveArticle, liveEvent } from '@/server/live-content/publications';
import type { Repositories } from '@/server/repositories';
import type { ContentKind } from '@/server/repositories/content-entries';
import type { ContentFormValues, FieldProblem } from './content-types';

/** What «Сохранить черновик», «Опубликовать сейчас» and «Опубликовать …» ask for. */
export type SaveIntent = 'draft' | 'now' | 'at';

export interface CheckedContent {
  kind: ContentKind;
  slug: string;
  fields: ArticleFields | EventFields;
  title: string;
  status: 'draft' | 'published';
  publishAt: number | null;
}

const contentRoot = () => path.join(process.cwd(), 'content');
/** Addresses a new entry may not take: the section's own pages, and the console's «new». */
const reserved: Record<ContentKind, string[]> = { article: ['category', 'new'], event: ['new-year-2425', 'new'] };

/** Whether the address already belongs to a file's entry. */
function fileHas(kind: ContentKind, slug: string): boolean {
  return kind === 'article' ? readMediaSource(contentRoot(), slug) !== undefined : fileEvent(slug) !== undefined;
}

/**
 * The console's form of an article or event, checked as `npm run check` checks the files (the same schemas,
 * Markdown and price rules, on what the site would show), with its moment of publication; or the problems
 * beside their fields, in Russian. Reads the cover's size from the database (never the browser's word).
 */
export async function checkContentForm(
  kind: ContentKind,
  values: ContentFormValues,
  intent: SaveIntent,
  { repos, now }: { repos: Pick<Repositories, 'contentEntries' | 'contentImages'>; now: number },
): Promise<CheckedContent | { problems: FieldProblem[] }> {
  const problems: FieldProblem[] = [];
  const slug = slugField.safeParse(values.slug ?? '');
  if (!slug.success) problems.push(...fieldProblems(slug.error).map((problem) => ({ ...problem, field: 'slug' })));
  else if (values.isNew === '1') {
    if (reserved[kind].includes(slug.data) || fileHas(kind, slug.data) || (await repos.contentEntries.list(kind)).includes(slug.data))
      problems.push({ field: 'slug', message: `Адрес «${slug.data}» уже занят: выберите другой` });
  }

  const coverId = /^\d{1,12}$/.test(values.cover ?? '') ? Number(values.cover) : null;
  const image = coverId === null ? undefined : await repos.contentImages.get(coverId);
  if (coverId !== null && !image) problems.push({ field: 'cover', message: 'Обложка не найдена: загрузите её снова' });
  const cover = image ? { id: image.id, width: image.width, height: image.height } : null;

  let publishAt: number | null = null;
  if (intent === 'now') publishAt = now;
  if (intent === 'at') {
    publishAt = parseMoscowInput(values.publishAt ?? '');
    if (publishAt === null) problems.push({ field: 'publishAt', message: 'Укажите дату и время публикации' });
    else if (publishAt <= now) problems.push({ field: 'publishAt', message: 'Это время уже прошло: выберите время впереди или нажмите «Опубликовать сейчас»' });
  }

  let fields: ArticleFields | EventFields | undefined;
  if (kind === 'article') {
    const parsed = articleFieldsSchema.safeParse({ ...values, cover });
    if (parsed.success) fields = parsed.data;
    else problems.push(...fieldProblems(parsed.error));
  } else {
    const startsAt = parseMoscowInput(values.startsAt ?? '');
    if (startsAt === null) problems.push({ field: 'startsAt', message: 'Укажите дату и время события' });
    if (!cover && !fileEvent(values.slug ?? '')) problems.push({ field: 'cover', message: 'Загрузите обложку события: она стоит в начале его страницы' });
    const parsed = eventFieldsSchema.safeParse({ ...values, startsAt: startsAt ?? 0, cover });
    if (parsed.success) fields = parsed.data;
    else problems.push(...fieldProblems(parsed.error));
  }
  // The site's own rules judge a whole entry: with a field of the form still wrong (a missing cover, say),
  // they would only say it again in the content schema's words, which are not the marketer's.
  if (!fields || !slug.success || problems.length > 0) return { problems };

  // The site's own rules, on the entry as a visitor would get it.
  const at = publishAt ?? now;
  const siteProblems =
    kind === 'article'
      ? (() => {
          const built = consoleMediaArticle(
            liveArticle(slug.data, fields as ArticleFields, at, at),
            getMedia().items.find((item) => item.id === slug.data),
          );
          return 'problems' in built ? built.problems.map((problem) => problemLine({ ...problem, file: '', entry: undefined }).replace(/^: /, '')) : [];
        })()
      : (() => {
          const built = consoleEvent(slug.data, liveEvent(slug.data, fields as EventFields).entry, fileEvent(slug.data));
          return 'problems' in built ? built.problems : [];
        })();
  problems.push(...siteProblems.map((message) => ({ field: '', message: `На сайте так нельзя: ${message}` })));
  if (problems.length > 0) return { problems };
  return { kind, slug: slug.data, fields, title: fields.title, status: intent === 'draft' ? 'draft' : 'published', publishAt };
}
