import type { MetadataRoute } from 'next';
import { collectionPaths } from '@/content/collections';
import { courses } from '@/content/courses';
import { events } from '@/content/events';
import { welcomeInfoPages } from '@/content/pages';
import { site } from '@/content/site';

/**
 * Every indexable page. Course variants are left out on purpose: they are noindex copies whose
 * canonical is the base page listed here.
 */
export default function sitemap(): MetadataRoute.Sitemap {
  const paths = [
    '/',
    '/products',
    ...courses.map((course) => course.path),
    '/about',
    '/cooperation',
    '/docs',
    ...welcomeInfoPages.map((page) => page.path),
    ...events.map((event) => `/events/${event.slug}`),
    '/events/new-year-2425',
    ...collectionPaths(),
  ];
  return [...new Set(paths)].map((path) => ({ url: `${site.url}${path}` }));
}
