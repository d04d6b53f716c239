import { publicPopup, type PublicPopups } from '@/lib/popups/managed';
import { consoleLogger, errorKind, type Logger } from '../log';
import type { RuntimeSource } from './handlers';
import { errorResponse, jsonResponse, messages } from './responses';

/**
 * How long browsers and nginx may keep the answer: 30 s each, so a change saved in the console reaches a
 * new visitor on any instance within 60 s even through a cache in front. Stale answers are not served.
 */
export const popupsCacheControl = 'public, max-age=30, s-maxage=30';

/**
 * `GET /api/popups` (public, read-only): the pop-ups a visitor may see now (on, inside their window), in
 * the targeting's order, with only what the browser needs: no switch, no window, no operator, no history;
 * a pop-up under a split test carries the test's id and its variants' texts (the browser picks one).
 * A failure is a 503 the pop-up host reads as "no pop-up".
 */
export async function handlePopups(source: RuntimeSource): Promise<Response> {
  let log: Logger = consoleLogger;
  try {
    const runtime = await source();
    log = runtime.log ?? consoleLogger;
    const [active, tests] = await Promise.all([runtime.repos.popups.listActive(runtime.now?.() ?? Date.now()), runtime.repos.splitTests.running()]);
    const running = new Map(tests.map((test) => [test.popupId, { id: test.id, variants: test.variants }]));
    const body: PublicPopups = { popups: active.map((popup) => publicPopup(popup.id, popup.config, running.get(popup.id))) };
    return jsonResponse(200, body, { 'cache-control': popupsCacheControl });
  } catch (error) {
    log.error('api.unavailable', { route: 'popups', error: errorKind(error) });
    return errorResponse(503, messages.unavailable, { 'retry-after': '30', 'cache-control': 'no-store' });
  }
}
