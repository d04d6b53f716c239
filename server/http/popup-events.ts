import { popupId, popups } from '@/content/popups';
import { moscowToday } from '@/lib/calendar';
import { assignVariant } from '@/lib/experiments/variants';
import { popupTargetsPath } from '../popups/targeting';
import type { StoredPopup } from '../repositories/popups';
import type { SplitTest } from '../experiments/subjects/popup';
import { popupEvents, type PopupEvent, type PopupEventReport } from '../repositories/popup-stats';
import { countTestShow } from '../experiments/exposure';
import { testVisitorOf, visitorKey } from '../experiments/visitor';
import { countPopupEvent, trafficClient, TrafficTally } from '../traffic/caps';
import { endpoint } from './endpoint';
import type { ApiRuntime } from './handlers';
import { isBeaconContentType } from './read-json';
import { noContent, refuse } from './responses';
import { popupTests } from '../experiments/subjects/popup';

const knownPopups: ReadonlySet<string> = new Set(popups.map(popupId));
/** Beacons a client may send a minute before the rest are refused (a page sends one or two). */
export const POPUP_BEACONS_PER_MINUTE = 60;
/** At most this many events a beacon; a page shows one pop-up, so a real batch holds two or three. */
export const MAX_EVENTS_PER_BATCH = 20;
const MAX_BEACON_BYTES = 4096;

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
 * pop-up's running test (or not the variant this visitor's signed id is assigned), 413 too large, 429
 * over the per-client rate (the lead API's fixed window). A foreign origin is not counted (204).
 *
 * A taken event counts only when the page is one its pop-up targets and the client's address and network
 * stay within their daily caps (server/traffic/caps.ts: a few shows, closes and finishes a pop-up, closes
 * and finishes never more than the shows); a split test's show counts once per visitor whose id the
 * server signed as counted (not one issued past its network's allowance).
 * Whatever does not count is still answered 204 (a sender learns nothing) and goes into the day's
 * uncounted total of its pop-up or test. An unsigned id is answered 204 too, not 400: browsers that kept
 * an id from before ids were signed send one until their next tested pop-up asks for a signed id.
 */
export const handlePopupEvents = endpoint<ApiRuntime, PopupBeaconReport[]>({
  name: 'popup-events',
  methods: ['POST'],
  foreignOrigin: 'ignore',
  rateLimit: { bucket: 'popup', perMinute: POPUP_BEACONS_PER_MINUTE },
  body: {
    accepts: isBeaconContentType,
    maxBytes: MAX_BEACON_BYTES,
    parse(value) {
      const reports = parsePopupBatch(value);
      if (reports === 'malformed') return refuse(400, 'bad_popup_batch');
      if (reports === 'unknown_popup') return refuse(400, 'unknown_popup');
      return reports;
    },
  },
  async handle({ request, runtime: { repos, hashKey }, now, body: reports, addressHash, networkHash }) {
    const tested = reports.some((report) => report.test !== undefined);
    const running = new Map<string, SplitTest>(tested ? (await popupTests(repos).running()).map((test) => [test.popupId, test]) : []);
    const visitor = tested ? testVisitorOf(request.headers, hashKey) : null;
    for (const report of reports) {
      if (report.test === undefined) continue;
      const test = running.get(report.popup);
      const variant = report.variant ?? -1;
      if (!test || test.id !== report.test || variant < 0 || variant >= test.variants.length) return refuse(400, 'unknown_variant');
      // The variant must be the one this visitor's signed id is assigned: a beacon cannot choose it.
      if (visitor && assignVariant(visitor.id, test.id, test.variants.length) !== variant) return refuse(400, 'unknown_variant');
    }

    const day = moscowToday(new Date(now));
    const client = trafficClient(addressHash, networkHash);
    const popupsOfBatch = new Map<string, StoredPopup | undefined>();
    for (const popup of new Set(reports.map((report) => report.popup))) popupsOfBatch.set(popup, await repos.popups.get(popup));
    const tally = new TrafficTally();
    const counted: PopupEventReport[] = [];
    for (const { popup, event, path, test, variant } of reports) {
      const stored = popupsOfBatch.get(popup);
      const targeted = stored !== undefined && popupTargetsPath(stored.config, path);
      const counts = targeted && (await countPopupEvent(repos, day, popup, event, client));
      tally.add('popup', popup, counts);
      if (counts) counted.push({ popup, event, path });
      if (test !== undefined && event === 'shown') {
        const outcome = await countTestShow(repos, {
          testId: test,
          variant: variant!,
          visitor: visitor?.counted ? visitorKey(visitor.id, hashKey) : null,
          targeted,
          client,
          day,
          now,
        });
        if (outcome !== 'repeat') tally.add('test', test, outcome === 'counted');
      }
    }
    await repos.popupStats.record(counted, now);
    await tally.save(repos, day);
    return noContent();
  },
  unavailable: noContent,
});
