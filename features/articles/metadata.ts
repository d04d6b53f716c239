import type { Metadata } from 'next';
import { pageMetadata } from '@/lib/page-metadata';

export interface ArticleFacts {
  publishedAt: string;
  updatedAt?: string;
  authors?: string[];
  /** The category or roadmap stage, shown by link previews as the article's section. */
  section: string;
  tags?: string[];
}

/**
 * The site's page metadata (title, description, canonical, Open Graph card) for a collection page;
 * detail pages are Open Graph articles with their dates, authors, section and tags.
 */
export function collectionMetadata(page: { title: string; description: string; path: string; article?: ArticleFacts }): Metadata {
  const base = pageMetadata({ title: page.title, description: page.description, path: page.path });
  const { article } = page;
  if (!article) return base;
  return {
    ...base,
    openGraph: {
      ...base.openGraph,
      type: 'article',
      publishedTime: article.publishedAt,
      modifiedTime: article.updatedAt ?? article.publishedAt,
      authors: article.authors,
      section: article.section,
      tags: article.tags,
    },
  };
}
