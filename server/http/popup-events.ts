import { popupId, popups } from '@/content/popups';
import { clientAddress, hashClientAddress } from '../leads/client-address';
import { popupEvents, type PopupEvent, type PopupEventReport } from '../repositories/types';
import type { ServerRuntime } from '../runtime';
import { answer } from './endpoint';
import { isForeignOrigin, rateLimited } from './guards';
import { readJsonBody } from './read-json';

const knownPopups: ReadonlySet<string> = new Set(popups.map(popupId));
/** Beacons a client may send a minute before the rest are dropped (a page sends one or two). */
export const POPUP_BEACONS_PER_MINUTE = 60;
/** At most this many events a beacon; a page shows one pop-up, so a real batch holds two or three. */
export const MAX_EVENTS_PER_BATCH = 20;
const MAX_BODY_BYTES = 4096;
/** `sendBeacon` with a string sends it as text/plain; a JSON type is fine too. */
const beaconContentType = (contentType: string | null) => !contentType || /^(text\/plain|application\/json)\s*(;|$)/i.test(contentType);

/**
 * A beacon's body: `{ "events": [{ "popup", "event", "path" }] }`. Only known pop-ups, the three events
 * and a bare path (no query: it could carry personal data) are kept; null when nothing is usable.
 */
export function parsePopupBatch(body: unknown, known: ReadonlySet<string> = knownPopups): PopupEventReport[] | null {
  const events = (body as { events?: unknown } | null)?.events;
  if (!Array.isArray(events) || events.length === 0 || events.length > MAX_EVENTS_PER_BATCH) return null;
  const reports: PopupEventReport[] = [];
  for (const item of events as Record<string, unknown>[]) {
    const { popup, event, path } = item ?? {};
    if (typeof popup !== 'string' || !known.has(popup)) continue;
    if (!popupEvents.includes(event as PopupEvent)) continue;
    if (typeof path !== 'string' || !/^\/[\w\-./~%]{0,199}$/.test(path)) continue;
    reports.push({ popup, event: event as PopupEvent, path });
  }
  return reports.length > 0 ? reports : null;
}

/**
 * `POST /api/popup-events`: the pop-ups' `sendBeacon` batches. Always 204 and never a cookie: the
 * browser does not read the answer, and a refused batch (foreign origin, too large, malformed, over
 * the per-address rate) is simply not counted.
 */
export function handlePopupEvents(request: Request, runtime: () => Promise<Pick<ServerRuntime, 'config' | 'repos' | 'hashKey'>>): Promise<Response> {
  const done = () => new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
  return answer(
    'popup-events',
    async () => {
      const { config, repos, hashKey } = await runtime();
      if (isForeignOrigin(request.headers, config)) return done();
      const body = await readJsonBody(request, MAX_BODY_BYTES, undefined, beaconContentType);
      const reports = 'value' in body ? parsePopupBatch(body.value) : null;
      if (!reports) return done();
      const address = clientAddress(request.headers);
      const bucket = `popup:${address ? hashClientAddress(address, hashKey) : 'unknown'}`;
      if (await rateLimited(repos, bucket, POPUP_BEACONS_PER_MINUTE, Date.now())) return done();
      await repos.popupStats.record(reports, Date.now());
      return done();
    },
    { unavailable: done },
  );
}
