import { getMedia, type MediaArticle } from '@/content/collections';
import { StaticImage } from '@/components/ui/static-image';
import { ArticleBody } from './article-body';
import { categorizedSectionPages } from './categorized-section-pages';
import { EntryMeta } from './entry-meta';
import { authorLine, formatDay, readingTime } from './format';

/** /media, /media/category/{category} (`List`) and /media/{id} (`ItemView`), with their params and metadata. */
export const mediaPages = categorizedSectionPages<MediaArticle>({
  load: getMedia,
  text: {
    title: 'Медиа',
    description: 'Статьи наставников школы о фронтенд-разработке, инструментах и карьере в IT: разборы тем с собеседований и практические советы.',
    allLabel: 'Все статьи',
  },
  cardMeta: (article) => `${formatDay(article.publishedAt)} · ${readingTime(article.readingMinutes)}`,
  page: (article) => ({
    title: article.title,
    description: article.description,
    path: article.path,
    image: article.cover && { ...article.cover, alt: article.title },
    article: {
      publishedAt: article.publishedAt,
      updatedAt: article.updatedAt,
      author: article.author,
      section: article.category.label,
      tags: article.tags,
    },
  }),
  entryMeta: (article) => (
    <EntryMeta author={authorLine(article.author)} publishedAt={article.publishedAt} updatedAt={article.updatedAt} readingMinutes={article.readingMinutes} />
  ),
  body: (article) => (
    <>
      {article.cover && (
        <StaticImage
          src={article.cover.src}
          alt=""
          width={article.cover.width}
          height={article.cover.height}
          sizes="(min-width: 768px) 720px, 100vw"
          className="mt-8 h-auto w-full rounded-2xl"
        />
      )}
      <ArticleBody html={article.html} className="mt-10" />
    </>
  ),
  relatedHeading: 'Читайте также',
});
