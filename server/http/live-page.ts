import { renderToken } from '../page-tests/live';
import { RENDER_TOKEN_HEADER } from '../page-tests/serving';
import { livePage } from '../live-content/render';
import { isLivePagePath, LIVE_PAGE_PATH_HEADER, livePageHeaders } from '../live-content/serving';
import { endpoint } from './endpoint';
import type { ApiRuntime } from './handlers';
import { htmlPage, jsonOk, refuse } from './responses';

/**
 * `GET /api/live-pages/page`, where the proxy sends a page request while the console has content in
 * effect (server/live-content/proxy-step.ts), the page's path in a header: the page rendered with that
 * content and the build's first-paint rules, from this instance's memory after its first render
 * (server/live-content/render.ts). A path that is no page answers the site's 404 page, as the build
 * would. Only the proxy step reaches it (its rewrite bears the instance's render token); anyone else gets 404.
 */
export const handleLivePage = endpoint<ApiRuntime>({
  name: 'live-page',
  methods: ['GET'],
  internal: (request) => request.headers.get(RENDER_TOKEN_HEADER) === renderToken(),
  async handle({ request }) {
    const path = request.headers.get(LIVE_PAGE_PATH_HEADER) ?? '';
    if (!isLivePagePath(path)) return refuse(404, 'not_found');
    const page = await livePage(path);
    return htmlPage(page.html, page.status === 200 ? 200 : 404, livePageHeaders);
  },
});

/**
 * `GET /api/live-pages/check`, where the proxy step rewrites the start-up self-check's request of
 * `/live-pages-check` (server/live-content/self-check.ts): it answers the path the rewrite passed on in its
 * header, so a 200 with that path says a rewrite of the proxy stays inside the instance and keeps the
 * headers it set, as the page handlers need. Only the instance's own request reaches it; anyone else gets 404.
 */
export const handleLivePageCheck = endpoint<object>({
  name: 'live-page-check',
  methods: ['GET'],
  internal: (request) => request.headers.get(RENDER_TOKEN_HEADER) === renderToken(),
  handle: ({ request }) => Promise.resolve(jsonOk({ path: request.headers.get(LIVE_PAGE_PATH_HEADER) })),
});
