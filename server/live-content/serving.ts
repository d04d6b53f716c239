/**
 * Which requests get a page with the console's content, pure. While the console has content in effect,
 * every page of the site is served from the instance's render of it (render.ts) instead of the build's
 * file: a page shows prices, lists and links to articles and events, so any page may hold what changed.
 * Files (a name with a dot: images, robots.txt; the sitemap is a route of its own that reads the content
 * itself), the console, the API and the internal render addresses are left as they are.
 */
import { INTERNAL_HEADER_PREFIX } from '../page-tests/serving';

/** The handler the proxy sends a page request to (server/http/live-page.ts). */
export const LIVE_PAGE_HANDLER_PATH = '/api/live-pages/page';
/** The header the proxy passes the page's path on in (dropped from any client by the web process and nginx, like every internal header). */
export const LIVE_PAGE_PATH_HEADER = `${INTERNAL_HEADER_PREFIX}live-path`;

export function isLivePagePath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//')) return false;
  const first = path.split('/')[1] ?? '';
  if (['admin', 'api', '_next', 'page-test-render'].includes(first)) return false;
  const last = path.split('/').at(-1) ?? '';
  return !last.includes('.');
}

/**
 * A page with the console's content may change any minute: no shared cache keeps it, a browser asks again
 * (a 304 is not offered: the page is in memory, as fast to send).
 */
export const livePageHeaders = { 'cache-control': 'public, max-age=0, must-revalidate' } as const;
