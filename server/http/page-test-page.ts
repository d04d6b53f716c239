import { coursePageAt } from '@/content/courses';
import { assignVariant } from '@/lib/experiments/variants';
import { takesPart } from '@/lib/page-tests/visitors';
import { liveTestOf, renderToken } from '../page-tests/live';
import { countPageTestVisitor } from '../experiments/exposure';
import { ownOrigin } from '../build/own-origin';
import { variantHtml } from '../page-tests/render';
import { PAGE_PATH_HEADER, RENDER_TOKEN_HEADER, testedPageHeaders, visitorOfHandled } from '../page-tests/serving';
import { trafficClient } from '../traffic/caps';
import { endpoint } from './endpoint';
import type { ApiRuntime } from './handlers';
import { refuse } from './responses';

/**
 * `GET /api/page-tests/page`, where the proxy sends a page request of a running page test
 * (server/page-tests/proxy-step.ts), the page's path in a header: the visitor's variant of the page, its HTML rendered on the
 * server and given the first-paint treatment (server/page-tests/render.ts), so the first response holds
 * the variant's texts. The variant is worked out again here from the signed visitor id (the proxy's
 * header for a visitor whose cookie is being set, else the cookie), never taken from the request; a
 * request with no signed id, or from a robot, gets the original (A) and counts nothing. The answer is
 * `private, no-cache` and varies by cookie: no shared cache mixes visitors. The canonical link and the
 * structured data are the original page's: a variant is never a page of its own.
 *
 * Only the proxy step reaches it (its rewrite bears the instance's render token, which no client can
 * send: the web process drops a client's `x-page-test-*` headers); anyone else gets 404. The page is
 * looked up among the course pages and landings, the only pages a test runs on, so the original asked
 * for when the test has ended meanwhile is always that page, never another address of the instance.
 */
export const handlePageTestPage = endpoint<ApiRuntime>({
  name: 'page-test-page',
  methods: ['GET'],
  internal: (request) => request.headers.get(RENDER_TOKEN_HEADER) === renderToken(),
  async handle({ request, runtime, now, addressHash, networkHash }) {
    const page = coursePageAt(request.headers.get(PAGE_PATH_HEADER) ?? '');
    if (!page) return refuse(404, 'not_found');
    const path = page.path;
    const test = await liveTestOf(path, now);
    const html = async (variant: number) =>
      test
        ? variantHtml(test, variant, path, now)
        : // The test ended meanwhile: the page as pre-rendered, from the instance itself (behind nginx the
          // request's own address is `https://`); the token has the proxy step pass it through as it is.
          (await fetch(ownOrigin() + path, { headers: { [RENDER_TOKEN_HEADER]: renderToken() }, redirect: 'error' })).text();
    const visitor = test && takesPart(request.headers) ? visitorOfHandled(request.headers, runtime.hashKey) : null;
    const variant = test && visitor ? assignVariant(visitor, test.id, test.variants.length) : 0;
    if (test && visitor) {
      const client = trafficClient(addressHash, networkHash);
      await countPageTestVisitor(test, visitor, variant, { repos: runtime.repos, hashKey: runtime.hashKey, client, now });
    }
    const body = await html(variant);
    return new Response(body, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8', ...testedPageHeaders } });
  },
});
