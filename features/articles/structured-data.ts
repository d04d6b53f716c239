import type { Article, WithContext } from 'schema-dts';
import { schoolRef } from '@/components/content/structured-data';
import { site } from '@/content/site';
import { absoluteUrl } from '@/lib/json-ld';
import { defaultOgImage } from '@/lib/page-metadata';
import type { ArticleFacts, CollectionPage } from './metadata';

/** An article for search engines, from the same facts (title, dates, author) its metadata and page show. */
export function articleJsonLd(page: CollectionPage & { article: ArticleFacts }): WithContext<Article> {
  const { article } = page;
  const url = absoluteUrl(site.url, page.path);
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: page.title,
    description: page.description,
    url,
    mainEntityOfPage: url,
    // The page's link-preview card: articles have no pictures of their own.
    image: absoluteUrl(site.url, defaultOgImage.src),
    inLanguage: 'ru',
    datePublished: article.publishedAt,
    dateModified: article.updatedAt ?? article.publishedAt,
    author: article.author ? { '@type': 'Person', name: article.author.name, jobTitle: article.author.role, worksFor: schoolRef } : schoolRef,
    publisher: schoolRef,
    articleSection: article.section,
    ...(article.tags && article.tags.length > 0 && { keywords: article.tags.join(', ') }),
  };
}
