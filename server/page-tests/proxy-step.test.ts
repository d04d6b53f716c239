import { NextRequest } from 'next/server';
import { beforeEach, describe, expect, it } from 'vitest';
import { assignVariant, VISITOR_COOKIE } from '@/lib/experiments/variants';
import { noChanges } from '@/lib/page-tests/variants';
import { DEFAULT_PAGE_TESTS_REFRESH_MS } from '../config';
import { issueVisitorId } from '../experiments/visitor-id';
import { forgetLiveTests, registerLiveSource, renderToken } from './live';
import { pageTestStep } from './proxy-step';
import { PAGE_PATH_HEADER, RENDER_TOKEN_HEADER, VISITOR_HEADER } from './serving';

const hashKey = 'k'.repeat(32);
const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const test = { id: 't-1', pagePath: '/products/junior-js', version: 4, variants: [noChanges, { ...noChanges, headline: 'B' }] };
const request = (path: string, headers: Record<string, string> = {}) =>
  new NextRequest(`http://127.0.0.1:4500${path}`, { headers: { 'user-agent': chrome, ...headers } });
const rewrittenTo = (response: Response | null) => {
  const target = response?.headers.get('x-middleware-rewrite');
  return target ? new URL(target).pathname + new URL(target).search : null;
};

describe("the proxy's page-test step", () => {
  let loads = 0;
  beforeEach(() => {
    loads = 0;
    registerLiveSource(
      async () => {
        loads += 1;
        return [test];
      },
      hashKey,
      DEFAULT_PAGE_TESTS_REFRESH_MS,
    );
    forgetLiveTests();
  });

  it('leaves pages without a running test alone, and reads the running tests once in a while, not every request', async () => {
    expect(await pageTestStep(request('/products/git'))).toBeNull();
    expect(await pageTestStep(request('/'))).toBeNull();
    expect(loads).toBe(1);
  });

  it('sends a tested page to the page handler with a new signed id set on the same response, private and varying by cookie', async () => {
    const response = await pageTestStep(request('/products/junior-js?utm_source=vk'));
    expect(rewrittenTo(response)).toBe('/api/page-tests/page');
    // In a header, not the query: a rewrite inside the instance leaves the handler the page's own address.
    expect(response!.headers.get(`x-middleware-request-${PAGE_PATH_HEADER}`)).toBe('/products/junior-js');
    // The page handler answers nobody without the instance's token.
    expect(response!.headers.get(`x-middleware-request-${RENDER_TOKEN_HEADER}`)).toBe(renderToken());
    expect(response!.headers.get('set-cookie')).toMatch(/^school_vid=[\w-]{22}\.[\w-]{22}; Path=\/; Max-Age=31536000; SameSite=Lax$/);
    expect(response!.headers.get('cache-control')).toBe('private, no-cache');
    expect(response!.headers.get('vary')).toBe('Cookie');
  });

  it("keeps a signed visitor's id (no new cookie) and sends the client router straight to their variant's render", async () => {
    const visitor = issueVisitorId(hashKey);
    const cookie = `${VISITOR_COOKIE}=${visitor}`;
    const page = await pageTestStep(request('/products/junior-js', { cookie }));
    expect(page!.headers.get('set-cookie')).toBeNull();
    const rsc = await pageTestStep(request('/products/junior-js', { cookie, rsc: '1' }));
    expect(rewrittenTo(rsc)).toBe(`/page-test-render/t-1/4/${assignVariant(visitor, test.id, 2)}/products/junior-js`);
  });

  it('gives robots and visitors refusing tracking the page as built, with no cookie, and private: no shared cache keeps it for the others', async () => {
    for (const headers of [{ 'user-agent': 'Mozilla/5.0 (compatible; YandexBot/3.0)' }, { 'sec-gpc': '1' }, { dnt: '1' }] as Record<string, string>[]) {
      for (const method of ['GET', 'HEAD']) {
        const response = await pageTestStep(
          new NextRequest('http://127.0.0.1:4500/products/junior-js', { method, headers: { 'user-agent': chrome, ...headers } }),
        );
        expect(response!.headers.get('x-middleware-next')).toBe('1');
        expect(rewrittenTo(response)).toBeNull();
        expect(response!.headers.get('set-cookie')).toBeNull();
        expect(response!.headers.get('cache-control')).toBe('private, no-cache');
        expect(response!.headers.get('vary')).toBe('Cookie');
      }
    }
  });

  it("passes the instance's own request for a tested page through as it is: no variant, no visitor", async () => {
    expect(await pageTestStep(request('/products/junior-js', { [RENDER_TOKEN_HEADER]: renderToken() }))).toBeNull();
    // A guessed token is any visitor's request.
    expect(rewrittenTo(await pageTestStep(request('/products/junior-js', { [RENDER_TOKEN_HEADER]: 'guessed' })))).toBe('/api/page-tests/page');
  });

  it("puts the instance's own values over any internal header a request came with", async () => {
    const response = await pageTestStep(
      request('/products/junior-js', { [PAGE_PATH_HEADER]: '/admin/leads', [VISITOR_HEADER]: 'forged', [RENDER_TOKEN_HEADER]: 'guessed' }),
    );
    expect(response!.headers.get(`x-middleware-request-${PAGE_PATH_HEADER}`)).toBe('/products/junior-js');
    expect(response!.headers.get(`x-middleware-request-${VISITOR_HEADER}`)).not.toBe('forged');
    expect(response!.headers.get(`x-middleware-request-${RENDER_TOKEN_HEADER}`)).toBe(renderToken());
  });

  it('answers 404 to anyone asking for an internal render but the instance itself', async () => {
    const path = '/page-test-render/t-1/4/1/products/junior-js';
    expect((await pageTestStep(request(path)))!.status).toBe(404);
    expect((await pageTestStep(request(path, { [RENDER_TOKEN_HEADER]: 'guessed' })))!.status).toBe(404);
    expect(await pageTestStep(request(path, { [RENDER_TOKEN_HEADER]: renderToken() }))).toBeNull();
  });
});
