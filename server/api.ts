import 'server-only';
import { handleCspReport } from './http/csp-report';
import { handleGiftSchedule, handleIds, handleOrders } from './http/handlers';
import { handlePopups } from './http/popups';
import { methodNotAllowed } from './http/responses';
import { readServerConfig } from './config';
import { handleMetrics } from './ops/metrics';
import { getApiRuntime, getServerRuntime } from './runtime';

/**
 * What the route handlers in `app/api/` call. The only server module that marks itself server-only:
 * scripts and tests (tsx, Vitest) import the modules behind it directly, where `server-only` would throw.
 */
export const ordersRoute = (request: Request) => handleOrders(request, getApiRuntime);
export const idsRoute = (request: Request) => handleIds(request, getApiRuntime);
export const giftScheduleRoute = () => handleGiftSchedule(getApiRuntime);
export const popupsRoute = () => handlePopups(getApiRuntime);
export const cspReportRoute = (request: Request) => handleCspReport(request, getApiRuntime);
export const metricsRoute = (request: Request) =>
  handleMetrics(request, {
    token: () => readServerConfig().metricsToken,
    database: async () => (await getServerRuntime()).database,
  });
export { methodNotAllowed };
