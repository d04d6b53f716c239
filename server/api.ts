import 'server-only';
import { getAdminRuntime } from './admin/runtime';
import { readServerConfig } from './config';
import { readCallbackSecret } from './deals/callback-secret';
import { handleCampaignsExport } from './http/campaigns-export';
import { handleContentImage, handleContentImageUpload } from './http/content-images';
import { handleCspReport } from './http/csp-report';
import { handleDealStatus } from './http/deal-status';
import { routeOf, type RouteHandlers } from './http/endpoint';
import { handleGiftSchedule, handleIds, handleLeads } from './http/handlers';
import { handleHealth } from './http/health';
import { handleLeadsExport, handleLeadsXlsxExport } from './http/leads-export';
import { handleMetrics } from './http/metrics';
import { handleLivePage, handleLivePageCheck } from './http/live-page';
import { handlePageTestPage } from './http/page-test-page';
import { handlePageViews } from './http/page-views';
import { handlePopupEvents } from './http/popup-events';
import { handlePopups } from './http/popups';
import { handleVisitorId } from './http/visitor-id';
import { handleVitals } from './http/vitals';
import { getApiRuntime, getServerRuntime } from './runtime';

/**
 * The one server entry of the route handlers in `app/api/`: each endpoint of `server/http/` bound to the
 * runtime it reads, by its path. A route file is two lines (`export const dynamic = 'force-dynamic'` and
 * `export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes['<its path>']`), so every
 * method of every route is the endpoint's to answer. Marked server-only (a client component that imported
 * it would fail the build); scripts and tests import the endpoints behind it directly.
 */
export const apiRoutes = {
  // The product spec's lead calls (docs/spec-interface.md): the browser's forms post here, and so may anything
  // outside this repository (the school's other landings, a partner's form). Their paths never change.
  '/api/getcourse/orders': routeOf(handleLeads, getApiRuntime),
  '/api/getcourse/ids': routeOf(handleIds, getApiRuntime),
  // The same two endpoints (one handler each: the same limits, idempotency keys and answers) under the
  // names wave 4 gave them; kept, since whatever integrated with them then must keep working.
  '/api/leads': routeOf(handleLeads, getApiRuntime),
  '/api/leads/ids': routeOf(handleIds, getApiRuntime),
  '/api/getcourse/deal-status': routeOf(handleDealStatus, async () => ({ ...(await getServerRuntime()), callbackSecret: readCallbackSecret() })),
  '/api/gift-schedule': routeOf(handleGiftSchedule, getApiRuntime),
  '/api/popups': routeOf(handlePopups, getApiRuntime),
  '/api/popup-events': routeOf(handlePopupEvents, getApiRuntime),
  '/api/visitor-id': routeOf(handleVisitorId, getApiRuntime),
  '/api/page-tests/page': routeOf(handlePageTestPage, getApiRuntime),
  '/api/live-pages/page': routeOf(handleLivePage, getApiRuntime),
  '/api/live-pages/check': routeOf(handleLivePageCheck, () => Promise.resolve({})),
  '/api/vitals': routeOf(handleVitals, getApiRuntime),
  '/api/page-views': routeOf(handlePageViews, getApiRuntime),
  '/api/csp-report': routeOf(handleCspReport, getApiRuntime),
  '/api/health': routeOf(handleHealth, getServerRuntime),
  '/api/metrics': routeOf(handleMetrics, async () => ({ token: readServerConfig().metricsToken, repos: async () => (await getServerRuntime()).repos })),
  '/api/admin/leads/export': routeOf(handleLeadsExport, getAdminRuntime),
  '/api/admin/leads/export/xlsx': routeOf(handleLeadsXlsxExport, getAdminRuntime),
  '/api/admin/campaigns/export': routeOf(handleCampaignsExport, getAdminRuntime),
  // Covers of the console's articles and events: uploaded by operators, served to everyone.
  '/api/admin/content-images': routeOf(handleContentImageUpload, getAdminRuntime),
  '/api/content-images/[id]': routeOf(handleContentImage, getServerRuntime),
} satisfies Record<`/api/${string}`, RouteHandlers>;
