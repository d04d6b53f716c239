import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { moscowToday } from '@/lib/calendar';
import { liveContent } from './live/state';
import { problemLine } from './validation/problems';
import {
  datedPathsOf,
  loadCollections,
  withConsoleArticles,
  type CategorizedCollection,
  type CollectionCategory,
  type Collections,
  type CourseLink,
  type DatedPath,
  type Author,
  type MediaArticle,
  type Roadmap,
  type RoadmapArticle,
  type Story,
  type Topic,
} from './collections/load';

/**
 * The Markdown collections of the site: roadmaps (topics and articles), media articles and student
 * stories, read from `content/roadmaps`, `content/media` and `content/stories`. They are loaded,
 * validated and rendered once per process, at build time; a broken file fails the build with its
 * name, entry and field, in Russian.
 */
export type { Author, CategorizedCollection, CollectionCategory, CourseLink, MediaArticle, Roadmap, RoadmapArticle, Story, Topic };

let loaded: { signature: string; collections: Collections } | undefined;
let withLive: { files: Collections; generation: string; collections: Collections } | undefined;

/**
 * The collections as the site shows them: the files, with the media articles the console saved that are
 * in effect (content/live/state.ts) laid over them: one with a file's id replaces it, a new one is added.
 * Computed again only when what is in effect (its generation) or the files changed.
 */
function collections(): Collections {
  const files = fileCollections();
  const { generation, articles } = liveContent();
  if (withLive?.files !== files || withLive.generation !== generation) {
    const { media, problems } = withConsoleArticles(files.media, articles);
    // The console refuses what breaks a rule; a release may have tightened one since. Such an article stays off the site.
    for (const problem of problems) console.warn(`content.console_article_left_out: ${problemLine(problem)}`);
    withLive = { files, generation, collections: { ...files, media } };
  }
  return withLive.collections;
}

/**
 * Loaded with the day of the build (Moscow): an entry dated later is scheduled, left out of lists, pages
 * and the sitemap until a build on or after its day. A build reads the files once; `npm run dev` reads
 * them again when one was added, changed or removed (or the day changed), so a writer sees a Markdown
 * edit on the next reload without restarting the server.
 */
function fileCollections(): Collections {
  const root = path.join(process.cwd(), 'content');
  const today = moscowToday();
  const signature = process.env.NODE_ENV === 'development' ? `${today} ${markdownSignature(root)}` : 'build';
  if (loaded?.signature !== signature) loaded = { signature, collections: loadCollections(root, { today }) };
  return loaded.collections;
}

/** Every Markdown file of the collections with its modification time. */
function markdownSignature(root: string): string {
  return ['roadmaps', 'media', 'stories']
    .flatMap((section) => {
      const folder = path.join(root, section);
      return fs
        .readdirSync(folder, { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.md'))
        .map((file) => `${section}/${file}@${fs.statSync(path.join(folder, file)).mtimeMs}`);
    })
    .join('\n');
}

/** Every indexable collection URL (lists, categories, detail pages) with the day its content last changed, for the sitemap. */
export function datedCollectionPaths(): DatedPath[] {
  return datedPathsOf(collections());
}

export function getRoadmaps(): Roadmap[] {
  return collections().roadmaps;
}

export function findRoadmap(alias: string): Roadmap | undefined {
  return getRoadmaps().find((roadmap) => roadmap.alias === alias);
}

export function findTopic(roadmapAlias: string, topicAlias: string): { roadmap: Roadmap; topic: Topic } | undefined {
  const roadmap = findRoadmap(roadmapAlias);
  const topic = roadmap?.topics.find((candidate) => candidate.alias === topicAlias);
  return roadmap && topic ? { roadmap, topic } : undefined;
}

export interface RoadmapArticleInContext {
  roadmap: Roadmap;
  topic: Topic;
  article: RoadmapArticle;
  /** Neighbours in reading order across the whole roadmap. */
  previous?: RoadmapArticle;
  next?: RoadmapArticle;
}

export function findRoadmapArticle(roadmapAlias: string, articleAlias: string): RoadmapArticleInContext | undefined {
  const roadmap = findRoadmap(roadmapAlias);
  if (!roadmap) return undefined;
  const readingOrder = roadmap.topics.flatMap((topic) => topic.articles);
  const index = readingOrder.findIndex((article) => article.alias === articleAlias);
  const article = readingOrder[index];
  const topic = roadmap.topics.find((candidate) => candidate.alias === article?.topicAlias);
  if (!article || !topic) return undefined;
  return { roadmap, topic, article, previous: readingOrder[index - 1], next: readingOrder[index + 1] };
}

export function getMedia(): CategorizedCollection<MediaArticle> {
  return collections().media;
}

export function getStories(): CategorizedCollection<Story> {
  return collections().stories;
}

/** The items of a section, optionally of one category. */
export function itemsIn<Item extends { category: CollectionCategory }>(section: CategorizedCollection<Item>, categorySlug?: string): Item[] {
  return categorySlug ? section.items.filter((item) => item.category.slug === categorySlug) : section.items;
}

export function findCategory<Item>(section: CategorizedCollection<Item>, slug: string): CollectionCategory | undefined {
  return section.categories.find((category) => category.slug === slug);
}

export function findItem<Item extends { id: string }>(section: CategorizedCollection<Item>, id: string): Item | undefined {
  return section.items.find((item) => item.id === id);
}

/** What to read next: the items the file names in "related", then the newest of the same category. */
export function relatedItems<Item extends { id: string; relatedIds: string[]; category: CollectionCategory }>(
  section: CategorizedCollection<Item>,
  item: Item,
  limit = 3,
): Item[] {
  const chosen = item.relatedIds.flatMap((id) => section.items.filter((candidate) => candidate.id === id));
  const sameCategory = itemsIn(section, item.category.slug).filter((candidate) => candidate.id !== item.id && !item.relatedIds.includes(candidate.id));
  return [...chosen, ...sameCategory].slice(0, limit);
}
