import { notFound } from 'next/navigation';
import { findItem, getMedia, relatedItems, type MediaArticle } from '@/content/collections';
import { ArticleBody } from './article-body';
import { Breadcrumbs } from '@/components/content/breadcrumbs';
import { JsonLd } from '@/components/content/json-ld';
import { CategorizedListing, listingMetadata, type SectionText } from './categorized-listing';
import { EntryCard } from './entry-card';
import { EntryMeta } from './entry-meta';
import { authorLine, formatDay, readingTime } from './format';
import { collectionMetadata, type CollectionPage } from './metadata';
import { PageIntro } from './page-intro';
import { RelatedList } from './related-list';
import { articleJsonLd } from './structured-data';

const mediaText: SectionText = {
  title: 'Медиа',
  description:
    'Статьи наставников школы о фронтенд-разработке, инструментах и карьере в IT: разборы тем с собеседований и практические советы.',
  allLabel: 'Все статьи',
};

export function mediaCategoryParams() {
  return getMedia().categories.map((category) => ({ category: category.slug }));
}

export function mediaArticleParams() {
  return getMedia().items.map((article) => ({ id: article.id }));
}

export function mediaListMetadata(categorySlug?: string) {
  return listingMetadata(getMedia(), mediaText, categorySlug);
}

/** /media and /media/category/{category}. */
export function MediaList({ categorySlug }: { categorySlug?: string }) {
  return (
    <CategorizedListing
      section={getMedia()}
      text={mediaText}
      categorySlug={categorySlug}
      renderCard={(article, inCategory) => <MediaCard article={article} showCategory={!inCategory} />}
    />
  );
}

function MediaCard({ article, headingLevel, showCategory = true }: { article: MediaArticle; headingLevel?: 2 | 3; showCategory?: boolean }) {
  return (
    <EntryCard
      href={article.path}
      title={article.title}
      description={article.description}
      eyebrow={showCategory ? article.category.label : undefined}
      meta={`${formatDay(article.publishedAt)} · ${readingTime(article.readingMinutes)}`}
      headingLevel={headingLevel}
    />
  );
}

function articleOrNotFound(id: string): MediaArticle {
  return findItem(getMedia(), id) ?? notFound();
}

/** The article as its metadata and its structured data describe it. */
function mediaArticlePage(article: MediaArticle) {
  return {
    title: article.title,
    description: article.description,
    path: article.path,
    article: {
      publishedAt: article.publishedAt,
      updatedAt: article.updatedAt,
      author: article.author,
      section: article.category.label,
      tags: article.tags,
    },
  } satisfies CollectionPage;
}

export function mediaArticleMetadata(id: string) {
  return collectionMetadata(mediaArticlePage(articleOrNotFound(id)));
}

/** /media/{id}. */
export function MediaArticleView({ id }: { id: string }) {
  const media = getMedia();
  const article = articleOrNotFound(id);
  const related = relatedItems(media, article);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <article className="mx-auto max-w-3xl">
        <JsonLd data={articleJsonLd(mediaArticlePage(article))} />
        <Breadcrumbs
          trail={[
            { label: mediaText.title, href: media.path },
            { label: article.category.label, href: article.category.path },
            { label: article.title, href: article.path },
          ]}
        />
        <PageIntro eyebrow={<a href={article.category.path}>{article.category.label}</a>} title={article.title} description={article.description}>
          <EntryMeta author={authorLine(article.author)} publishedAt={article.publishedAt} updatedAt={article.updatedAt} readingMinutes={article.readingMinutes} />
        </PageIntro>
        <ArticleBody html={article.html} className="mt-10" />
      </article>
      <RelatedList heading="Читайте также" items={related} renderCard={(item) => <MediaCard article={item} headingLevel={3} />} />
    </div>
  );
}
