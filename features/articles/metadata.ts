import type { Metadata } from 'next';
import type { Author } from '@/content/collections';
import { pageMetadata } from '@/lib/page-metadata';

/** What link previews (Open Graph) and search engines (JSON-LD) are told about an article page. */
export interface ArticleFacts {
  publishedAt: string;
  updatedAt?: string;
  /** The staff member who wrote it; unsigned articles are the school's. */
  author?: Author;
  /** The category or roadmap stage, shown by link previews as the article's section. */
  section: string;
  tags?: string[];
}

export interface CollectionPage {
  title: string;
  description: string;
  path: string;
  article?: ArticleFacts;
  /** The picture link previews show: the article's cover when it has one, else the site's card. */
  image?: { src: string; alt: string; width: number; height: number };
}

/**
 * The site's page metadata (title, description, canonical, Open Graph card) for a collection page;
 * detail pages are Open Graph articles with their dates, authors, section and tags.
 */
export function collectionMetadata(page: CollectionPage): Metadata {
  const base = pageMetadata({ title: page.title, description: page.description, path: page.path, image: page.image });
  const { article } = page;
  if (!article) return base;
  return {
    ...base,
    openGraph: {
      ...base.openGraph,
      type: 'article',
      publishedTime: article.publishedAt,
      modifiedTime: article.updatedAt ?? article.publishedAt,
      authors: article.author && [article.author.name],
      section: article.section,
      tags: article.tags,
    },
  };
}
