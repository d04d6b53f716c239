/**
 * The proxy's part in page tests (called from proxy.ts for every page request): a page with a running
 * test is served through the page handler, which answers its variant's HTML, rendered on the server,
 * with the same first-paint treatment as the pre-rendered pages; a request of the client router (`RSC`)
 * goes straight to the variant's render. Robots and visitors who refuse tracking get the pre-rendered
 * original and no cookie. The internal render addresses answer only the instance itself.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { liveHashKey, liveTestOf, renderToken } from './live';
import {
  PAGE_HANDLER_PATH,
  PAGE_PATH_HEADER,
  RENDER_PREFIX,
  RENDER_TOKEN_HEADER,
  renderPath,
  testedPageHeaders,
  visitOf,
  visitorCookie,
  VISITOR_HEADER,
} from './serving';

/** A response for the proxy to send (a rewrite or a refusal), or null: the page as it is. */
export async function pageTestStep(request: NextRequest): Promise<NextResponse | null> {
  const path = request.nextUrl.pathname;
  if (path === RENDER_PREFIX || path.startsWith(`${RENDER_PREFIX}/`)) {
    return request.headers.get(RENDER_TOKEN_HEADER) === renderToken()
      ? null
      : new NextResponse('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const test = await liveTestOf(path);
  const hashKey = liveHashKey();
  if (!test || !hashKey) return null;
  const visit = visitOf(request.headers, test, hashKey);
  if (!visit.takesPart) return null;

  const headers = new Headers(request.headers);
  headers.delete(RENDER_TOKEN_HEADER);
  headers.set(VISITOR_HEADER, visit.visitor);
  let response: NextResponse;
  if (request.headers.get('rsc') === '1') {
    headers.set(RENDER_TOKEN_HEADER, renderToken());
    response = NextResponse.rewrite(new URL(renderPath(test, visit.variant, path) + request.nextUrl.search, request.url), { request: { headers } });
  } else {
    headers.set(PAGE_PATH_HEADER, path);
    response = NextResponse.rewrite(new URL(PAGE_HANDLER_PATH, request.url), { request: { headers } });
  }
  for (const [name, value] of Object.entries(testedPageHeaders)) response.headers.set(name, value);
  if (visit.issued)
    response.headers.append(
      'set-cookie',
      visitorCookie(visit.visitor, request.nextUrl.protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https'),
    );
  return response;
}
