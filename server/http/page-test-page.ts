import { assignVariant } from '@/lib/experiments/variants';
import { takesPart } from '@/lib/page-tests/visitors';
import { liveTestOf, renderToken } from '../page-tests/live';
import { countPageTestVisitor } from '../page-tests/counting';
import { ownOrigin, variantHtml } from '../page-tests/render';
import { PAGE_PATH_HEADER, RENDER_TOKEN_HEADER, testedPageHeaders, visitorOfHandled } from '../page-tests/serving';
import { trafficClient } from '../traffic/caps';
import { endpoint } from './endpoint';
import type { ApiRuntime } from './handlers';

/**
 * `GET /api/page-tests/page`, where the proxy sends a page request of a running page test
 * (server/page-tests/proxy-step.ts), the page's path in a header: the visitor's variant of the page, its HTML rendered on the
 * server and given the first-paint treatment (server/page-tests/render.ts), so the first response holds
 * the variant's texts. The variant is worked out again here from the signed visitor id (the proxy's
 * header for a visitor whose cookie is being set, else the cookie), never taken from the request; a
 * request with no signed id, or from a robot, gets the original (A) and counts nothing. The answer is
 * `private, no-cache` and varies by cookie: no shared cache mixes visitors. The canonical link and the
 * structured data are the original page's: a variant is never a page of its own.
 */
export const handlePageTestPage = endpoint<ApiRuntime>({
  name: 'page-test-page',
  methods: ['GET'],
  async handle({ request, runtime, now, addressHash, networkHash }) {
    const requested = request.headers.get(PAGE_PATH_HEADER) ?? '';
    const path = /^\/[\w\-./]{0,200}$/.test(requested) ? requested : '/';
    const test = await liveTestOf(path, now);
    const html = async (variant: number) =>
      test
        ? variantHtml(test, variant, path, now)
        : // The test ended meanwhile: the page as pre-rendered, from the instance itself (behind nginx the request's own address is `https://`).
          (await fetch(ownOrigin() + path, { headers: { [RENDER_TOKEN_HEADER]: renderToken() } })).text();
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
