import type { MetadataRoute } from 'next';
import { datedCollectionPaths } from '@/content/collections';
import { courses } from '@/content/courses';
import { events } from '@/content/events';
import { giftPromotion } from '@/content/gift-promotion';
import { welcomeInfoPages } from '@/content/pages';
import { site } from '@/content/site';

/**
 * Every indexable page. Course variants are left out on purpose: they are noindex copies of the base
 * page listed here.
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
    giftPromotion.path,
  ];
  // Only the collections carry content dates. Other pages get no lastModified rather than the build
  // time, which would tell search engines that every page changed at every deploy.
  return [
    ...[...new Set(paths)].map((path) => ({ url: `${site.url}${path}` })),
    ...datedCollectionPaths().map((page) => ({ url: `${site.url}${page.path}`, lastModified: page.lastModified })),
  ];
}
