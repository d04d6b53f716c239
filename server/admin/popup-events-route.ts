import { popupId, popups } from '@/content/popups';
import { isForeignOrigin, rateLimited } from '../http/guards';
import { clientAddress, hashClientAddress } from '../leads/client-address';
import { consoleLogger, errorKind } from '../log';
import { getServerRuntime, type ServerRuntime } from '../runtime';
import { parsePopupBatch, recordPopupEvents } from './popup-conversion';

const knownPopups: ReadonlySet<string> = new Set(popups.map(popupId));
/** Beacons a client may send a minute before the rest are dropped (a page sends one or two). */
export const POPUP_BEACONS_PER_MINUTE = 60;
const MAX_BODY_BYTES = 4096;

/**
 * `POST /api/popup-events`: the pop-ups' `sendBeacon` batches. Always 204 and never a cookie: the
 * browser does not read the answer, and a refused batch (foreign origin, too large, malformed, over
 * the per-address rate) is simply not counted.
 */
export async function popupEventsResponse(request: Request, runtime: () => Promise<ServerRuntime> = getServerRuntime): Promise<Response> {
  const done = new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
  try {
    const { config, repos, database, hashKey } = await runtime();
    if (isForeignOrigin(request.headers, config)) return done;
    if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) return done;
    const text = await request.text();
    if (text.length > MAX_BODY_BYTES) return done;
    const reports = parsePopupBatch(text, knownPopups);
    if (!reports) return done;
    const address = clientAddress(request.headers);
    const bucket = `popup:${address ? hashClientAddress(address, hashKey) : 'unknown'}`;
    if (await rateLimited(repos, bucket, POPUP_BEACONS_PER_MINUTE, Date.now())) return done;
    await recordPopupEvents(database, reports);
  } catch (error) {
    consoleLogger.error('api.unavailable', { route: 'popup-events', error: errorKind(error) });
  }
  return done;
}
