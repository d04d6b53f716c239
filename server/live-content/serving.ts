/**
 * Which requests get a page with the console's content, pure. While the console has content in effect,
 * every page of the site is served from the instance's render of it (render.ts) instead of the build's
 * file: a page shows prices, lists and links to articles and events, so any page may hold what changed.
 * Files (a name with a dot: images, robots.txt; the sitemap is a route of its own that reads the content
 * itself), the console, the API, the internal render addresses and the self-check's are left as they are.
 */
import { INTERNAL_HEADER_PREFIX } from '../page-tests/serving';

/** The handler the proxy sends a page request to (server/http/live-page.ts). */
export const LIVE_PAGE_HANDLER_PATH = '/api/live-pages/page';
/**
 * The address of the start-up self-check (self-check.ts): the proxy step rewrites the instance's own
 * request of it to the check handler (server/http/live-page.ts) as it rewrites a page to the page handler.
 * To anyone else it is no page: the site's 404.
 */
export const LIVE_PAGE_CHECK_PATH = '/live-pages-check';
/** Where the proxy sends the self-check's request: the handler answers the path the rewrite passed on. */
export const LIVE_PAGE_CHECK_HANDLER_PATH = '/api/live-pages/check';
/** The header the proxy passes the page's path on in (dropped from any client by the web process and nginx, like every internal header). */
export const LIVE_PAGE_PATH_HEADER = `${INTERNAL_HEADER_PREFIX}live-path`;

export function isLivePagePath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path === LIVE_PAGE_CHECK_PATH) return false;
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
