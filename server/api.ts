import 'server-only';
import { getAdminRuntime } from './admin/runtime';
import { readServerConfig } from './config';
import { handleCspReport } from './http/csp-report';
import { readCallbackSecret } from './deals/callback-secret';
import { handleDealStatus } from './http/deal-status';
import { handleGiftSchedule, handleIds, handleOrders } from './http/handlers';
import { handleHealth } from './http/health';
import { handleCampaignsExport } from './http/campaigns-export';
import { handleLeadsExport } from './http/leads-export';
import { handlePopupEvents } from './http/popup-events';
import { handlePopups } from './http/popups';
import { handleVitals } from './http/vitals';
import { handleVisitorId } from './http/visitor-id';
import { methodNotAllowed } from './http/responses';
import { handleMetrics } from './ops/metrics';
import { getApiRuntime, getServerRuntime } from './runtime';

/**
 * The one server entry of the route handlers in `app/api/`: each route is a line that hands its request
 * to a handler of `server/http/` with the runtime it needs. Marked server-only (a client component that
 * imported it would fail the build); scripts and tests import the handlers behind it directly, where
 * `server-only` would throw.
 */
export const ordersRoute = (request: Request) => handleOrders(request, getApiRuntime);
export const idsRoute = (request: Request) => handleIds(request, getApiRuntime);
export const giftScheduleRoute = () => handleGiftSchedule(getApiRuntime);
export const popupsRoute = () => handlePopups(getApiRuntime);
export const cspReportRoute = (request: Request) => handleCspReport(request, getApiRuntime);
export const popupEventsRoute = (request: Request) => handlePopupEvents(request, getServerRuntime);
export const vitalsRoute = (request: Request) => handleVitals(request, getServerRuntime);
export const visitorIdRoute = (request: Request) => handleVisitorId(request, getServerRuntime);
export const healthRoute = () => handleHealth(getServerRuntime);
export const leadsExportRoute = (request: Request) => handleLeadsExport(request, getAdminRuntime);
export const campaignsExportRoute = (request: Request) => handleCampaignsExport(request, getAdminRuntime);
export const metricsRoute = (request: Request) =>
  handleMetrics(request, {
    token: () => readServerConfig().metricsToken,
    repos: async () => (await getServerRuntime()).repos,
  });
export const dealStatusRoute = (request: Request) => handleDealStatus(request, { runtime: getServerRuntime, secret: () => readCallbackSecret() });
export { methodNotAllowed };
