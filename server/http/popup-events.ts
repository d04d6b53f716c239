import { popupId, popups } from '@/content/popups';
import { assignVariant } from '@/lib/experiments/variants';
import { clientAddress, hashClientAddress } from '../leads/client-address';
import { popupEvents, type PopupEvent, type PopupEventReport } from '../repositories/types';
import type { ServerRuntime } from '../runtime';
import { testVisitorOf, visitorKey } from '../split-tests/visitor';
import { answer } from './endpoint';
import { isForeignOrigin, rateLimited } from './guards';
import { readJsonBody } from './read-json';
import { errorResponse, messages } from './responses';

const knownPopups: ReadonlySet<string> = new Set(popups.map(popupId));
/** Beacons a client may send a minute before the rest are refused (a page sends one or two). */
export const POPUP_BEACONS_PER_MINUTE = 60;
/** At most this many events a beacon; a page shows one pop-up, so a real batch holds two or three. */
export const MAX_EVENTS_PER_BATCH = 20;
const MAX_BODY_BYTES = 4096;
/** `sendBeacon` with a string sends it as text/plain; a JSON type is fine too. */
const beaconContentType = (contentType: string | null) => !contentType || /^(text\/plain|application\/json)\s*(;|$)/i.test(contentType);

export const beaconMessages = {
  malformed: 'Ожидается { "events": [{ "popup", "event", "path" }] }, не больше 20 событий',
  unknownPopup: 'Неизвестный поп-ап',
  unknownVariant: 'Неизвестный тест или вариант поп-апа',
} as const;

/** One event of a beacon; a shown event of a split test carries the test and the variant (0 = A). */
export type PopupBeaconReport = PopupEventReport & { test?: string; variant?: number };

/**
 * A beacon's body: `{ "events": [{ "popup", "event", "path"[, "test", "variant"] }] }`. Events with an
 * unknown event name or a path that is not bare (a query could carry personal data) are dropped; an
 * unknown pop-up refuses the whole batch, as does a body of the wrong shape.
 */
export function parsePopupBatch(body: unknown, known: ReadonlySet<string> = knownPopups): PopupBeaconReport[] | 'malformed' | 'unknown_popup' {
  const events = (body as { events?: unknown } | null)?.events;
  if (!Array.isArray(events) || events.length === 0 || events.length > MAX_EVENTS_PER_BATCH) return 'malformed';
  const reports: PopupBeaconReport[] = [];
  for (const item of events as Record<string, unknown>[]) {
    const { popup, event, path, test, variant } = item ?? {};
    if (typeof popup !== 'string') return 'malformed';
    if (!known.has(popup)) return 'unknown_popup';
    if (!popupEvents.includes(event as PopupEvent)) continue;
    if (typeof path !== 'string' || !/^\/[\w\-./~%]{0,199}$/.test(path)) continue;
    const report: PopupBeaconReport = { popup, event: event as PopupEvent, path };
    if (test !== undefined || variant !== undefined) {
      if (typeof test !== 'string' || test.length > 64 || !Number.isInteger(variant)) return 'malformed';
      report.test = test;
      report.variant = variant as number;
    }
    reports.push(report);
  }
  return reports.length > 0 ? reports : 'malformed';
}

/**
 * `POST /api/popup-events`: the pop-ups' `sendBeacon` batches. 204 and never a cookie when taken; a
 * refusal is JSON: 400 for a malformed batch, an unknown pop-up, or a test/variant that is not the
 * pop-up's running test (or not the variant this visitor is assigned), 413 too large, 429 over the
 * per-client rate (the lead API's fixed window). A foreign origin is not counted (204). A split test's
 * show counts once per visitor and test (the database's key), never for a self-announced bot.
 */
export function handlePopupEvents(request: Request, runtime: () => Promise<Pick<ServerRuntime, 'config' | 'repos' | 'hashKey'>>): Promise<Response> {
  const done = () => new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
  return answer(
    'popup-events',
    async () => {
      const { config, repos, hashKey } = await runtime();
      if (isForeignOrigin(request.headers, config)) return done();
      const now = Date.now();
      const address = clientAddress(request.headers);
      const bucket = `popup:${address ? hashClientAddress(address, hashKey) : 'unknown'}`;
      const retryAfter = await rateLimited(repos, bucket, POPUP_BEACONS_PER_MINUTE, now);
      if (retryAfter !== null) return errorResponse(429, messages.tooManyRequests, { 'retry-after': String(retryAfter) });
      const body = await readJsonBody(request, MAX_BODY_BYTES, undefined, beaconContentType);
      if (!('value' in body)) return errorResponse(body.status, body.message);
      const reports = parsePopupBatch(body.value);
      if (reports === 'malformed') return errorResponse(400, beaconMessages.malformed);
      if (reports === 'unknown_popup') return errorResponse(400, beaconMessages.unknownPopup);

      const tested = reports.filter((report) => report.test !== undefined);
      const exposures: { testId: string; variant: number }[] = [];
      if (tested.length > 0) {
        const running = new Map((await repos.splitTests.running()).map((test) => [test.popupId, test]));
        const visitor = testVisitorOf(request.headers);
        for (const report of tested) {
          const test = running.get(report.popup);
          const variant = report.variant ?? -1;
          if (!test || test.id !== report.test || variant < 0 || variant >= test.variants.length) return errorResponse(400, beaconMessages.unknownVariant);
          // The variant must be the one this visitor's id is assigned: a beacon cannot choose it.
          if (visitor && assignVariant(visitor, test.id, test.variants.length) !== variant) return errorResponse(400, beaconMessages.unknownVariant);
          if (visitor && report.event === 'shown') exposures.push({ testId: test.id, variant });
        }
        for (const exposure of exposures) await repos.splitTests.recordExposure({ ...exposure, visitor: visitorKey(visitor!, hashKey), now });
      }
      await repos.popupStats.record(
        reports.map(({ popup, event, path }) => ({ popup, event, path })),
        now,
      );
      return done();
    },
    { unavailable: done },
  );
}
