/**
 * The proxy's part in page tests (called from proxy.ts for every page request): a page with a running
 * test is served through the page handler, which answers its variant's HTML, rendered on the server,
 * with the same first-paint treatment as the pre-rendered pages; a request of the client router (`RSC`)
 * goes straight to the variant's render. Robots and visitors who refuse tracking get the pre-rendered
 * original and no cookie. The internal render addresses answer only the instance itself. Every answer
 * for a tested page, whoever gets it, is `private`: the pre-rendered original goes out
 * `s-maxage=31536000`, and a shared cache fed by a robot would give it to every visitor for a year.
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

/** A response for the proxy to send (a rewrite, the page as built with a tested page's headers, a refusal), or null: the page as it is. */
export async function pageTestStep(request: NextRequest): Promise<NextResponse | null> {
  const path = request.nextUrl.pathname;
  // The instance's own request (a render, the page handler's original): the web process has dropped any
  // `x-page-test-*` header a client sent (server/http/request-stamp.ts), and the token is checked anyway.
  const own = request.headers.get(RENDER_TOKEN_HEADER) === renderToken();
  if (path === RENDER_PREFIX || path.startsWith(`${RENDER_PREFIX}/`)) {
    return own ? null : new NextResponse('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  if (own || (request.method !== 'GET' && request.method !== 'HEAD')) return null;
  const test = await liveTestOf(path);
  const hashKey = liveHashKey();
  if (!test || !hashKey) return null;
  const visit = visitOf(request.headers, test, hashKey);
  if (!visit.takesPart) return asTestedPage(NextResponse.next());

  const headers = new Headers(request.headers);
  headers.set(RENDER_TOKEN_HEADER, renderToken());
  headers.set(VISITOR_HEADER, visit.visitor);
  let response: NextResponse;
  if (request.headers.get('rsc') === '1') {
    response = NextResponse.rewrite(new URL(renderPath(test, visit.variant, path) + request.nextUrl.search, request.url), { request: { headers } });
  } else {
    headers.set(PAGE_PATH_HEADER, path);
    response = NextResponse.rewrite(new URL(PAGE_HANDLER_PATH, request.url), { request: { headers } });
  }
  asTestedPage(response);
  if (visit.issued)
    response.headers.append(
      'set-cookie',
      visitorCookie(visit.visitor, request.nextUrl.protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https'),
    );
  return response;
}

function asTestedPage(response: NextResponse): NextResponse {
  for (const [name, value] of Object.entries(testedPageHeaders)) response.headers.set(name, value);
  return response;
}
