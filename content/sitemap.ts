import type { MetadataRoute } from 'next';
import { datedCollectionPaths } from './collections';
import { site } from './site';
import { indexablePagePaths } from './site-paths';

/**
 * Every indexable page, the console's articles and events included. Course variants are left out on
 * purpose: they are noindex copies of the base page listed here.
 */
export function sitemapEntries(): MetadataRoute.Sitemap {
  // Only the collections carry content dates. Other pages get no lastModified rather than the build
  // time, which would tell search engines that every page changed at every deploy.
  return [
    ...indexablePagePaths().map((path) => ({ url: `${site.url}${path}` })),
    ...datedCollectionPaths().map((page) => ({ url: `${site.url}${page.path}`, lastModified: page.lastModified })),
  ];
}
