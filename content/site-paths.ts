import { coursePages, courses } from './courses';
import { publishedEvents } from './events';
import { giftPromotion } from './gift-promotion';
import { welcomeInfoPages } from './pages';

/**
 * The pages of the site that content defines, outside the Markdown collections (content/collections.ts
 * lists those). The sitemap lists the indexable ones; the content check resolves pop-up paths against all.
 */

/** Every indexable page: the fixed ones, courses(), welcome pages, events (published by `today`) and the gift promotion. */
export function indexablePagePaths(today?: string): string[] {
  const paths = [
    '/',
    '/products',
    ...courses().map((course) => course.path),
    '/about',
    '/cooperation',
    '/docs',
    ...welcomeInfoPages.map((page) => page.path),
    ...publishedEvents(today).map((event) => `/events/${event.slug}`),
    giftPromotion.path,
  ];
  return [...new Set(paths)];
}

/** Every page a visitor can open: the indexable ones, the course variants (noindex) and the collections' pages. */
export function allPagePaths(collectionPaths: readonly string[], today?: string): string[] {
  return [...new Set([...indexablePagePaths(today), ...coursePages().map((page) => page.path), ...collectionPaths])];
}
