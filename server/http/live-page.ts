import { renderToken } from '../page-tests/live';
import { RENDER_TOKEN_HEADER } from '../page-tests/serving';
import { livePage } from '../live-content/render';
import { isLivePagePath, LIVE_PAGE_PATH_HEADER, livePageHeaders } from '../live-content/serving';
import { endpoint } from './endpoint';
import type { ApiRuntime } from './handlers';
import { htmlPage, refuse } from './responses';

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
