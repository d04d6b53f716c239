/**
 * The proxy's part in the console's content (called from proxy.ts for every page request not under a
 * page test): while the console has content in effect, a page request goes to the live page handler
 * (server/http/live-page.ts), which answers the page rendered with it; a request of the client router
 * (`RSC`) is rendered on request in Draft Mode. The instance's own requests (the render itself) pass,
 * but for the start-up self-check's, rewritten to its handler the same way.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { renderToken } from '../page-tests/live';
import { RENDER_TOKEN_HEADER } from '../page-tests/serving';
import { freshLiveContent } from './live';
import { previewCookie } from './render';
import { isLivePagePath, LIVE_PAGE_CHECK_HANDLER_PATH, LIVE_PAGE_CHECK_PATH, LIVE_PAGE_HANDLER_PATH, LIVE_PAGE_PATH_HEADER } from './serving';

export async function liveContentStep(request: NextRequest): Promise<NextResponse | null> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const own = request.headers.get(RENDER_TOKEN_HEADER) === renderToken();
  const path = request.nextUrl.pathname;
  // The start-up self-check (self-check.ts): its request takes the page handler's way, a rewrite with a header added.
  if (own && path === LIVE_PAGE_CHECK_PATH) {
    const headers = new Headers(request.headers);
    headers.set(LIVE_PAGE_PATH_HEADER, path);
    return NextResponse.rewrite(new URL(LIVE_PAGE_CHECK_HANDLER_PATH, request.url), { request: { headers } });
  }
  if (own) return null;
  if (!isLivePagePath(path)) return null;
  if ((await freshLiveContent()).generation === '') return null;
  const headers = new Headers(request.headers);
  headers.set(RENDER_TOKEN_HEADER, renderToken());
  if (request.headers.get('rsc') === '1') {
    headers.set('cookie', [request.headers.get('cookie'), previewCookie()].filter(Boolean).join('; '));
    return NextResponse.next({ request: { headers } });
  }
  headers.set(LIVE_PAGE_PATH_HEADER, path);
  return NextResponse.rewrite(new URL(LIVE_PAGE_HANDLER_PATH, request.url), { request: { headers } });
}
