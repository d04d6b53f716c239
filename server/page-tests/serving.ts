/**
 * Serving a page under test, pure: which requests take part, the visitor's signed id (kept, or a new one
 * to set on the same response), the variant (a keyed hash of test id and visitor id, the pop-up tests'
 * `assignVariant`), where the proxy sends the request, and the headers of a tested page's answer.
 */
import { assignVariant, VISITOR_COOKIE, visitorIdOf } from '@/lib/experiments/variants';
import { takesPart } from '@/lib/page-tests/visitors';
import { issueVisitorId, verifyVisitorId } from '../experiments/visitor-id';

/** Where a variant is rendered: an internal page only the instance itself may ask for (render.ts). */
export const RENDER_PREFIX = '/page-test-render';
/**
 * Every header of the page tests' internal requests starts so. The web process drops any a client sent
 * (server/http/request-stamp.ts), and so does the deploy's nginx: only a request bearing the render token
 * (the instance asking itself) keeps them.
 */
export const INTERNAL_HEADER_PREFIX = 'x-page-test-';
/**
 * The header carrying the instance's render token: on the proxy step's rewrites (to the page handler and
 * to a variant's render) and on the instance's own requests (render.ts, the page handler's original).
 */
export const RENDER_TOKEN_HEADER = 'x-page-test-render';
/** The header the proxy passes the visitor's signed id on to the page handler (a new visitor has no cookie yet). */
export const VISITOR_HEADER = 'x-page-test-visitor';
/**
 * The header the proxy passes the tested page's path on to the page handler: a rewrite inside the instance
 * keeps the request's own address, so the handler's URL is the page's, with no query of the proxy's.
 */
export const PAGE_PATH_HEADER = 'x-page-test-path';
/** The page handler (server/http/page-test-page.ts). */
export const PAGE_HANDLER_PATH = '/api/page-tests/page';

export type Visit = { takesPart: false } | { takesPart: true; visitor: string; issued: boolean; variant: number };

/** Who the request is: robots and visitors refusing tracking take no part; anyone else is assigned, a new id issued if needed. */
export function visitOf(headers: { get(name: string): string | null }, test: { id: string; variants: readonly unknown[] }, hashKey: string): Visit {
  if (!takesPart(headers)) return { takesPart: false };
  const kept = visitorIdOf(headers.get('cookie') ?? '');
  const verified = kept && verifyVisitorId(kept, hashKey) ? kept : null;
  const visitor = verified ?? issueVisitorId(hashKey);
  return { takesPart: true, visitor, issued: verified === null, variant: assignVariant(visitor, test.id, test.variants.length) };
}

/** The visitor's signed id of a request the proxy passed on: its header, else its cookie; verified, or null. */
export function visitorOfHandled(headers: { get(name: string): string | null }, hashKey: string): string | null {
  for (const candidate of [headers.get(VISITOR_HEADER), visitorIdOf(headers.get('cookie') ?? '')]) {
    if (candidate && verifyVisitorId(candidate, hashKey)) return candidate;
  }
  return null;
}

/** The cookie a new visitor gets with the page itself (the pop-up host writes the same one). */
export function visitorCookie(visitor: string, secure: boolean): string {
  return `${VISITOR_COOKIE}=${visitor}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The internal address of a variant's render of a page: `/page-test-render/<test>/<version>/<variant>/products/junior-js`. */
export function renderPath(test: { id: string; version: number }, variant: number, pagePath: string): string {
  return `${RENDER_PREFIX}/${encodeURIComponent(test.id)}/${test.version}/${variant}${pagePath}`;
}

/**
 * A tested page differs by visitor at one address: no shared cache may keep it (`private`), a browser
 * asks again each time (`no-cache`, so a stopped test ends at the next visit), and the answer varies by
 * the cookie that chose it.
 */
export const testedPageHeaders = { 'cache-control': 'private, no-cache', vary: 'Cookie' } as const;
