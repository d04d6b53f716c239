import type { CategoryDefinition } from './category-definition';
import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';
import { courses, getCourse } from '@/content/courses';
import { hardCodedRoubles, resolvePriceReferences } from '@/lib/price-references';
import { hardCodedRoublesMessage, priceProblemText } from '@/content/validation/price-problems';
import { mediaCategories } from '@/content/media/categories';
import { staffMember } from '@/content/staff';
import { storyCategories } from '@/content/stories/categories';
import { fieldName } from '@/content/validation/field-labels';
import { type ContentProblem, ContentError, quoted } from '@/content/validation/problems';
import { issueProblems } from '@/content/validation/zod-issues';
import { typography } from '@/lib/typography';
import { MarkdownError, renderMarkdown } from './markdown';
import { mediaArticleSchema, roadmapArticleSchema, roadmapSchema, slugPattern, storySchema, topicSchema } from './schemas';

/** A course a roadmap or a story leads to, from the course registry. */
export interface CourseLink {
  title: string;
  summary: string;
  href: string;
}

export interface CollectionCategory {
  slug: string;
  label: string;
  description: string;
  path: string;
}

interface Entry {
  title: string;
  description: string;
  html: string;
  readingMinutes: number;
  path: string;
  /** Calendar day, YYYY-MM-DD. */
  publishedAt: string;
  updatedAt?: string;
}

export interface RoadmapArticle extends Entry {
  alias: string;
  roadmapAlias: string;
  topicAlias: string;
  order: number;
}

export interface Topic {
  alias: string;
  roadmapAlias: string;
  order: number;
  title: string;
  description: string;
  html: string;
  path: string;
  articles: RoadmapArticle[];
}

export interface Roadmap {
  alias: string;
  order: number;
  title: string;
  description: string;
  html: string;
  path: string;
  course?: CourseLink;
  topics: Topic[];
}

/** An article's author as the staff list names them. */
export interface Author {
  slug: string;
  name: string;
  role: string;
}

export interface MediaArticle extends Entry {
  id: string;
  category: CollectionCategory;
  author: Author;
  tags: string[];
  relatedIds: string[];
  /** A picture over the article (decorative: the title says what it is about). */
  cover?: { src: string; width: number; height: number };
}

export interface Story extends Entry {
  id: string;
  category: CollectionCategory;
  student: { name: string; city?: string; before: string; after: string };
  quote: string;
  course: CourseLink;
  relatedIds: string[];
}

/** Items of a section that has categories: newest first; only categories that have items. */
export interface CategorizedCollection<Item> {
  path: string;
  categories: CollectionCategory[];
  items: Item[];
}

export interface Collections {
  roadmaps: Roadmap[];
  media: CategorizedCollection<MediaArticle>;
  stories: CategorizedCollection<Story>;
  /** Valid files dated after `today`: left out of every list, page and the sitemap until a build on that day. */
  scheduled: ScheduledFile[];
}

export interface ScheduledFile {
  /** Repository-relative: `content/media/new-article.md`. */
  file: string;
  /** The page it will have. */
  path: string;
  /** Its title (front matter), for the console's «Публикации». */
  title: string;
  publishedAt: string;
}

export interface LoadOptions {
  /**
   * The calendar day of the build (Moscow), YYYY-MM-DD: an entry published after it is scheduled. The
   * site is pre-rendered, so a scheduled entry appears with the first build on or after its day.
   */
  today: string;
}

export const sectionPaths = { media: '/media', stories: '/personal-stories', roadmap: '/roadmap' } as const;

/**
 * Reads, validates and renders every collection under `root` (the `content/` folder). Collects all
 * problems before failing (a ContentError, in Russian), so one build run lists every broken file and
 * field. Entries dated after `options.today` are checked like the others but left out (`scheduled`).
 */
export function loadCollections(root: string, options: LoadOptions): Collections {
  const problems: ContentProblem[] = [];
  const reader = new DocumentReader(root, problems, options.today);

  const roadmaps = loadRoadmaps(reader, path.join(root, 'roadmaps'));
  const media = loadCategorized(reader, path.join(root, 'media'), mediaArticleSchema, mediaCategories, sectionPaths.media, 'статья', mediaArticle);
  const stories = loadCategorized(
    reader,
    path.join(root, 'stories'),
    storySchema,
    storyCategories,
    sectionPaths.stories,
    'история',
    (id, data, body, category) => ({
      id,
      title: typography(data.title),
      description: typography(data.description),
      category,
      student: {
        name: data.student.name,
        city: data.student.city,
        before: typography(data.student.before),
        after: typography(data.student.after),
      },
      quote: typography(data.quote),
      course: courseLink(data.course),
      relatedIds: data.related,
      publishedAt: data.publishedAt,
      html: body.html,
      readingMinutes: body.readingMinutes,
      path: `${sectionPaths.stories}/${id}`,
    }),
  );

  const collections: Collections = { roadmaps, media, stories, scheduled: reader.scheduled };
  // A broken file drops its pages, which would make every link to them look broken too: links are
  // checked once every file is valid.
  if (problems.length === 0) checkInternalLinks(reader, collections);
  if (problems.length > 0) throw new ContentError(problems);
  return collections;
}

/** A media article from its checked front matter and rendered body (a file's or the console's). */
function mediaArticle(id: string, data: z.output<typeof mediaArticleSchema>, body: RenderedBody, category: CollectionCategory): MediaArticle {
  return {
    id,
    title: typography(data.title),
    description: typography(data.description),
    author: authorOf(data.author),
    category,
    tags: data.tags,
    relatedIds: data.related,
    publishedAt: data.publishedAt,
    updatedAt: data.updatedAt,
    html: body.html,
    readingMinutes: body.readingMinutes,
    path: `${sectionPaths.media}/${id}`,
    ...(data.cover ? { cover: data.cover } : {}),
  };
}

/** An article written in the console (content/live/state.ts): its front matter and body, as a file holds them. */
export interface ConsoleArticle {
  id: string;
  frontMatter: Record<string, unknown>;
  body: string;
}

/**
 * A console article as the site shows it, checked by the rules of a file of content/media/ (front matter
 * schema, Markdown, price references); or its problems, in Russian. `replaced`: the file's article of the
 * same id, whose first day of publication it keeps (the console's day is then the day it was updated), and
 * whose tags, related articles and cover it keeps where the console's form has no field for them.
 */
export function consoleMediaArticle(live: ConsoleArticle, replaced?: MediaArticle): { article: MediaArticle } | { problems: ContentProblem[] } {
  const where = { file: 'консоль', entry: 'статья' };
  const problems: ContentProblem[] = [];
  if (!slugPattern.test(live.id) || live.id === 'category')
    problems.push({ ...where, field: 'адрес', message: `адрес ${quoted(live.id)} не подходит для страницы` });
  const parsed = mediaArticleSchema.safeParse(live.frontMatter);
  if (!parsed.success) problems.push(...issueProblems(parsed.error, live.frontMatter, where));
  let body: RenderedBody | undefined;
  const priced = markdownWithPrices(live.body);
  problems.push(...priced.problems.map((message) => ({ ...where, field: 'текст', message })));
  try {
    const rendered = renderMarkdown(priced.text);
    body = { html: rendered.html, readingMinutes: rendered.readingMinutes };
  } catch (error) {
    if (!(error instanceof MarkdownError)) throw error;
    problems.push({ ...where, field: 'текст', message: error.message });
  }
  if (!parsed.success || !body || problems.length > 0) return { problems };
  const definition = mediaCategories.find((candidate) => candidate.slug === parsed.data.category)!;
  const category = { ...definition, path: `${sectionPaths.media}/category/${definition.slug}` };
  // What the console's form does not edit (tags, related articles, a cover when none was uploaded) stays the file's.
  const data = replaced
    ? {
        ...parsed.data,
        tags: replaced.tags,
        related: replaced.relatedIds,
        cover: parsed.data.cover ?? replaced.cover,
        publishedAt: replaced.publishedAt,
        updatedAt: [replaced.updatedAt, parsed.data.updatedAt ?? parsed.data.publishedAt]
          .filter((day) => day && day > replaced.publishedAt)
          .sort()
          .at(-1),
      }
    : parsed.data;
  return { article: mediaArticle(live.id, data, body, category) };
}

/**
 * The media section with the console's articles laid over the files': one with a file's id replaces it,
 * a new one is added. One that breaks a rule (the console refuses to save such; a rule may have changed
 * in a later release) is left out, and its problems returned for the log.
 */
export function withConsoleArticles(
  media: CategorizedCollection<MediaArticle>,
  live: readonly ConsoleArticle[],
): { media: CategorizedCollection<MediaArticle>; problems: ContentProblem[] } {
  if (live.length === 0) return { media, problems: [] };
  const items = new Map(media.items.map((item) => [item.id, item]));
  const problems: ContentProblem[] = [];
  for (const entry of live) {
    const built = consoleMediaArticle(entry, items.get(entry.id));
    if ('problems' in built) problems.push(...built.problems.map((problem) => ({ ...problem, entry: `статья ${quoted(entry.id)}` })));
    else items.set(entry.id, built.article);
  }
  const sorted = [...items.values()].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || a.id.localeCompare(b.id));
  const categories = mediaCategories
    .map((definition) => ({ ...definition, path: `${sectionPaths.media}/category/${definition.slug}` }))
    .filter((category) => sorted.some((item) => item.category.slug === category.slug));
  return { media: { ...media, categories, items: sorted }, problems };
}

/**
 * A Markdown text with its price references written in (lib/price-references.ts), and the problems: a
 * rouble sum written as digits outside code, so an article that sells a course cannot keep an old price.
 */
function markdownWithPrices(markdown: string): { text: string; problems: string[] } {
  const prose = markdown.replace(/```[\s\S]*?```|`[^`\n]*`/g, ' ');
  const problems = hardCodedRoubles(prose).map((sum) => `текст статьи: ${hardCodedRoublesMessage(sum)}`);
  const { text, problems: references } = resolvePriceReferences(markdown, courses());
  return { text, problems: [...problems, ...references.map((problem) => `текст статьи: ${priceProblemText(problem)}`)] };
}

/** A media file's front matter and Markdown as written (the console starts its first version from them); undefined without such a file. */
export function readMediaSource(root: string, id: string): ConsoleArticle | undefined {
  if (!slugPattern.test(id)) return undefined;
  const file = path.join(root, 'media', `${id}.md`);
  if (!fs.existsSync(file)) return undefined;
  const source = matter(fs.readFileSync(file, 'utf8'), { engines: frontMatterEngines });
  return { id, frontMatter: source.data as Record<string, unknown>, body: source.content.replace(/^\n+/, '') };
}

/** A page of the collections and the day its content last changed (its newest entry's date for a list). */
export interface DatedPath {
  path: string;
  /** Calendar day, YYYY-MM-DD; none for a list without entries. */
  lastModified?: string;
}

/** Every indexable URL of the collections with its content date, for the sitemap. */
export function datedPathsOf(collections: Collections): DatedPath[] {
  const changed = (entry: { publishedAt: string; updatedAt?: string }) => entry.updatedAt ?? entry.publishedAt;
  const newest = (entries: { publishedAt: string; updatedAt?: string }[]) => entries.map(changed).sort().at(-1);
  const roadmapPaths = collections.roadmaps.flatMap((roadmap) => [
    { path: roadmap.path, lastModified: newest(roadmap.topics.flatMap((topic) => topic.articles)) },
    ...roadmap.topics.flatMap((topic) => [
      { path: topic.path, lastModified: newest(topic.articles) },
      ...topic.articles.map((article) => ({ path: article.path, lastModified: changed(article) })),
    ]),
  ]);
  const categorizedPaths = [collections.media, collections.stories].flatMap((section: CategorizedCollection<Entry & { category: CollectionCategory }>) => [
    { path: section.path, lastModified: newest(section.items) },
    ...section.categories.map((category) => ({
      path: category.path,
      lastModified: newest(section.items.filter((item) => item.category.slug === category.slug)),
    })),
    ...section.items.map((item) => ({ path: item.path, lastModified: changed(item) })),
  ]);
  return [...roadmapPaths, ...categorizedPaths];
}

export function pathsOf(collections: Collections): string[] {
  return datedPathsOf(collections).map((page) => page.path);
}

/** What a page of the collections is: content/names.ts words its name from this and its title. */
export type CollectionPageKind = 'roadmap' | 'roadmap-topic' | 'roadmap-article' | 'media-category' | 'media-article' | 'story-category' | 'story';

/** A page of the collections with its title (a category's label), for the console's names of pages. */
export interface TitledPage {
  path: string;
  title: string;
  kind: CollectionPageKind;
}

/** Every detail and category page of the collections with its title; the two lists are named by their type. */
export function titledPagesOf(collections: Collections): TitledPage[] {
  const titled = (kind: CollectionPageKind) => (entry: { path: string; title: string }) => ({ path: entry.path, title: entry.title, kind });
  const categories = (kind: CollectionPageKind, list: readonly CollectionCategory[]) =>
    list.map((category) => ({ path: category.path, title: category.label, kind }));
  return [
    ...collections.roadmaps.flatMap((roadmap) => [
      titled('roadmap')(roadmap),
      ...roadmap.topics.flatMap((topic) => [titled('roadmap-topic')(topic), ...topic.articles.map(titled('roadmap-article'))]),
    ]),
    ...categories('media-category', collections.media.categories),
    ...collections.media.items.map(titled('media-article')),
    ...categories('story-category', collections.stories.categories),
    ...collections.stories.items.map(titled('story')),
  ];
}

interface ParsedDocument<Schema extends z.ZodType> {
  data: z.output<Schema>;
  body: { html: string; readingMinutes: number };
}

/**
 * YAML 1.2 (the `yaml` package) keeps an unquoted `2026-11-31` as the text written; gray-matter's own
 * YAML 1.1 reader would make it a Date of 1 December without a word.
 */
const frontMatterEngines = { yaml: (text: string) => (parseYaml(text) ?? {}) as object };

/** Parses one Markdown file; records problems (file, entry, field) instead of throwing. */
class DocumentReader {
  /** Internal links of every rendered body, by file. */
  readonly linksByFile = new Map<string, string[]>();
  readonly scheduled: ScheduledFile[] = [];
  /** The entry's name in messages (`статья «…»`), by file, once its front matter is read. */
  private readonly entries = new Map<string, string>();

  constructor(
    private readonly root: string,
    private readonly problems: ContentProblem[],
    private readonly today: string,
  ) {}

  report(file: string, message: string, field?: string): void {
    this.problems.push({ file: this.displayName(file), entry: this.entries.get(file), field, message });
  }

  read<Schema extends z.ZodType>(file: string, schema: Schema, kind: string): ParsedDocument<Schema> | undefined {
    let source: matter.GrayMatterFile<string>;
    try {
      // Passing options turns off gray-matter's cache keyed by text, which would share one result object
      // between files with the same text.
      source = matter(fs.readFileSync(file, 'utf8'), { engines: frontMatterEngines });
    } catch (error) {
      this.report(file, `шапка файла (между строками ---) — не YAML: ${(error as Error).message.split('\n')[0]}`);
      return undefined;
    }
    const title = (source.data as { title?: unknown }).title;
    this.entries.set(file, typeof title === 'string' && title.trim() !== '' ? `${kind} ${quoted(title.trim())}` : kind);
    const parsed = schema.safeParse(source.data);
    if (!parsed.success) {
      this.problems.push(...issueProblems(parsed.error, source.data, { file: this.displayName(file), entry: this.entries.get(file) }));
    }
    let body: RenderedBody | undefined;
    try {
      const rendered = renderMarkdown(this.withPrices(file, source.content));
      this.linksByFile.set(file, rendered.internalLinks);
      body = { html: rendered.html, readingMinutes: rendered.readingMinutes };
    } catch (error) {
      if (!(error instanceof MarkdownError)) throw error;
      this.report(file, `текст статьи: ${error.message}`);
    }
    if (!parsed.success || !body) return undefined;
    return { data: parsed.data, body };
  }

  /** The text with its price references written in, its problems reported against the file. */
  private withPrices(file: string, markdown: string): string {
    const { text, problems } = markdownWithPrices(markdown);
    for (const message of problems) this.report(file, message);
    return text;
  }

  /** Whether a valid entry is published by today; a later one is noted as scheduled and left out. */
  published(file: string, entry: { publishedAt: string; path: string; title: string }): boolean {
    if (entry.publishedAt <= this.today) return true;
    this.scheduled.push({ file: this.displayName(file), path: entry.path, title: entry.title, publishedAt: entry.publishedAt });
    return false;
  }

  displayName(file: string): string {
    return path.join(path.basename(this.root), path.relative(this.root, file));
  }
}

type RenderedBody = ParsedDocument<z.ZodType>['body'];

function loadRoadmaps(reader: DocumentReader, folder: string): Roadmap[] {
  const roadmaps: Roadmap[] = [];
  for (const roadmapAlias of subfolders(reader, folder)) {
    const roadmapFolder = path.join(folder, roadmapAlias);
    const index = requiredIndex(reader, roadmapFolder);
    const roadmapDocument = index && reader.read(index, roadmapSchema, 'дорожная карта');
    const roadmapPath = `${sectionPaths.roadmap}/${roadmapAlias}`;
    const topics: Topic[] = [];
    const articleFiles = new Map<string, string>();

    const topicAliases = subfolders(reader, roadmapFolder);
    if (topicAliases.length === 0) reader.report(roadmapFolder, 'в дорожной карте нужна хотя бы одна папка темы');
    for (const topicAlias of topicAliases) {
      const topicFolder = path.join(roadmapFolder, topicAlias);
      const topicIndex = requiredIndex(reader, topicFolder);
      const topicDocument = topicIndex && reader.read(topicIndex, topicSchema, 'тема');
      const articles: RoadmapArticle[] = [];
      for (const [articleAlias, file] of markdownFiles(reader, topicFolder)) {
        const earlier = articleFiles.get(articleAlias);
        if (earlier)
          reader.report(
            file,
            `имя файла ${quoted(articleAlias)} уже занято файлом ${reader.displayName(earlier)}: в одной дорожной карте имена статей не повторяются`,
          );
        articleFiles.set(articleAlias, file);
        const article = reader.read(file, roadmapArticleSchema, 'статья');
        const articlePath = `${roadmapPath}/article/${articleAlias}`;
        if (!article || !reader.published(file, { publishedAt: article.data.publishedAt, path: articlePath, title: article.data.title })) continue;
        articles.push({
          alias: articleAlias,
          roadmapAlias,
          topicAlias,
          order: article.data.order,
          title: typography(article.data.title),
          description: typography(article.data.description),
          publishedAt: article.data.publishedAt,
          updatedAt: article.data.updatedAt,
          html: article.body.html,
          readingMinutes: article.body.readingMinutes,
          path: articlePath,
        });
      }
      if (!topicDocument) continue;
      requireDistinctOrder(reader, topicFolder, articles, 'статей');
      topics.push({
        alias: topicAlias,
        roadmapAlias,
        order: topicDocument.data.order,
        title: typography(topicDocument.data.title),
        description: typography(topicDocument.data.description),
        html: topicDocument.body.html,
        path: `${roadmapPath}/topic/${topicAlias}`,
        articles: byOrder(articles),
      });
    }
    if (!roadmapDocument) continue;
    requireDistinctOrder(reader, roadmapFolder, topics, 'тем');
    roadmaps.push({
      alias: roadmapAlias,
      order: roadmapDocument.data.order,
      title: typography(roadmapDocument.data.title),
      description: typography(roadmapDocument.data.description),
      course: roadmapDocument.data.course === undefined ? undefined : courseLink(roadmapDocument.data.course),
      html: roadmapDocument.body.html,
      path: roadmapPath,
      topics: byOrder(topics),
    });
  }
  return byOrder(roadmaps);
}

function loadCategorized<
  Schema extends z.ZodType<{ title: string; category: string; related: string[]; publishedAt: string }>,
  Item extends { id: string; category: CollectionCategory; relatedIds: string[]; publishedAt: string },
>(
  reader: DocumentReader,
  folder: string,
  schema: Schema,
  definitions: readonly CategoryDefinition[],
  sectionPath: string,
  kind: string,
  build: (id: string, data: z.output<Schema>, body: RenderedBody, category: CollectionCategory) => Item,
): CategorizedCollection<Item> {
  const allCategories = definitions.map((definition) => ({ ...definition, path: `${sectionPath}/category/${definition.slug}` }));
  const items: Item[] = [];
  const files = markdownFiles(reader, folder);
  for (const [id, file] of files) {
    // /media/category/... is the category route, so "category" cannot be an id.
    if (id === 'category') reader.report(file, 'имя файла «category» занято адресами категорий (/…/category/…): назовите файл иначе');
    const document = reader.read(file, schema, kind);
    if (!document || !reader.published(file, { publishedAt: document.data.publishedAt, path: `${sectionPath}/${id}`, title: document.data.title })) continue;
    const category = allCategories.find((candidate) => candidate.slug === document.data.category);
    if (!category) continue; // the schema's enum already reported it
    items.push(build(id, document.data, document.body, category));
  }
  for (const item of items) {
    const file = files.get(item.id) ?? folder;
    for (const relatedId of item.relatedIds) {
      if (relatedId === item.id) reader.report(file, `${quoted(relatedId)} — это сам этот файл`, fieldName('related'));
      else if (!files.has(relatedId)) reader.report(file, `нет файла ${relatedId}.md в ${reader.displayName(folder)}`, fieldName('related'));
    }
  }
  items.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || a.id.localeCompare(b.id));
  return {
    path: sectionPath,
    categories: allCategories.filter((category) => items.some((item) => item.category.slug === category.slug)),
    items,
  };
}

/**
 * A link inside a body that points into a collection must point at a page that exists. A published page
 * may not link to a scheduled one (that page is a 404 until its day); a scheduled one may.
 */
function checkInternalLinks(reader: DocumentReader, collections: Collections): void {
  const known = new Set(pathsOf(collections));
  const scheduled = new Map(collections.scheduled.map((entry) => [entry.path, entry]));
  const scheduledFiles = new Set(collections.scheduled.map((entry) => entry.file));
  const collectionPrefixes = Object.values(sectionPaths);
  for (const [file, links] of reader.linksByFile) {
    for (const link of links) {
      const target = link.length > 1 ? link.replace(/\/$/, '') : link;
      const inCollections = collectionPrefixes.some((prefix) => target === prefix || target.startsWith(`${prefix}/`));
      if (!inCollections || known.has(target)) continue;
      const later = scheduled.get(target);
      if (!later) reader.report(file, `текст статьи: ссылка на ${quoted(link)}, а такой страницы на сайте нет`);
      else if (!scheduledFiles.has(reader.displayName(file))) {
        reader.report(
          file,
          `текст статьи: ссылка на ${quoted(link)}, а эта статья (${later.file}) запланирована на ${later.publishedAt}: до этого дня её страницы нет`,
        );
      }
    }
  }
}

/** The schema only lets slugs of the staff list through, so the person exists. */
function authorOf(slug: string): Author {
  const person = staffMember(slug);
  if (!person) throw new Error(`Person "${slug}" is missing from content/staff.ts`);
  return { slug: person.slug, name: person.name, role: typography(person.role) };
}

/** The schema only lets registered slugs through, so the course exists. */
function courseLink(slug: string): CourseLink {
  const course = getCourse(slug);
  if (!course) throw new Error(`Course "${slug}" is missing from content/courses.ts`);
  return { title: typography(course.title), summary: typography(course.summary), href: course.path };
}

function subfolders(reader: DocumentReader, folder: string): string[] {
  return entries(reader, folder)
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .filter((name) => validSlug(reader, path.join(folder, name), name));
}

/** `<slug>.md` files of a folder except index.md, by slug. */
function markdownFiles(reader: DocumentReader, folder: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of entries(reader, folder)) {
    if (!entry.isFile() || !entry.name.endsWith('.md') || entry.name === 'index.md') continue;
    const slug = entry.name.slice(0, -'.md'.length);
    const file = path.join(folder, entry.name);
    if (validSlug(reader, file, slug)) files.set(slug, file);
  }
  return files;
}

function entries(reader: DocumentReader, folder: string): fs.Dirent[] {
  try {
    return fs.readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  } catch {
    reader.report(folder, 'нет такой папки');
    return [];
  }
}

function requiredIndex(reader: DocumentReader, folder: string): string | undefined {
  const index = path.join(folder, 'index.md');
  if (fs.existsSync(index)) return index;
  reader.report(folder, 'в папке нет файла index.md');
  return undefined;
}

function validSlug(reader: DocumentReader, file: string, slug: string): boolean {
  if (slugPattern.test(slug)) return true;
  reader.report(file, `имя ${quoted(slug)} становится адресом страницы: только строчные латинские буквы и цифры, слова через один дефис`);
  return false;
}

function requireDistinctOrder(reader: DocumentReader, folder: string, items: { order: number; alias: string }[], what: string): void {
  const seen = new Map<number, string>();
  for (const item of items) {
    const other = seen.get(item.order);
    if (other) reader.report(folder, `у ${what} ${quoted(other)} и ${quoted(item.alias)} одинаковый порядковый номер (order) ${item.order}`);
    seen.set(item.order, item.alias);
  }
}

function byOrder<Item extends { order: number; alias: string }>(items: Item[]): Item[] {
  return [...items].sort((a, b) => a.order - b.order || a.alias.localeCompare(b.alias));
}
