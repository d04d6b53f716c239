import type { MetadataRoute } from 'next';
import { sitemapEntries } from '@/content/sitemap';
import { freshLiveContent } from '@/server/live-content/live';

/** Rendered on request: the console's articles and events are in it as soon as they are published. */
export const dynamic = 'force-dynamic';

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  await freshLiveContent();
  return sitemapEntries();
}
