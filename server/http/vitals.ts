import { KNOWN_PAGE_TYPES } from '@/lib/vitals/page-type';
import { parseVitalsReport, type ReportProblem } from '@/lib/vitals/metrics';
import { moscowToday } from '@/lib/calendar';
import { clientAddress, hashClientAddress } from '../leads/client-address';
import { DAILY_CAPS, UNKNOWN_ADDRESS } from '../traffic/caps';
import type { ServerRuntime } from '../runtime';
import { answer } from './endpoint';
import { isForeignOrigin, rateLimited } from './guards';
import { declaredTooLarge, readJsonBody } from './read-json';
import { errorResponse, messages } from './responses';

/** Five metrics with a 100-character selector each are about 1 kB. */
export const MAX_VITALS_BODY_BYTES = 4096;
/** `sendBeacon` with a string sends it as text/plain; a JSON type is fine too. */
const beaconContentType = (contentType: string | null) => !contentType || /^(text\/plain|application\/json)\s*(;|$)/i.test(contentType);

const problemAnswers: Record<ReportProblem, { status: number; message: string }> = {
  shape: { status: 400, message: messages.vitalsShape },
  'unknown-page': { status: 422, message: messages.vitalsUnknownPage },
  'unknown-metric': { status: 422, message: messages.vitalsUnknownMetric },
  'out-of-bounds': { status: 422, message: messages.vitalsOutOfBounds },
};

/**
 * `POST /api/vitals`: one page view's field Core Web Vitals (features/analytics), 204 once taken.
 * Refusals are JSON like the lead API's, cheapest check first: another site's origin (403), a media type
 * that is neither JSON nor a beacon's text (415), a body declared or found too large (413), more reports a minute from one
 * client address than the lead API takes (RATE_LIMIT_PER_MINUTE; a page sends one each time it is hidden):
 * 429, counted in the shared rate-limit table under a bucket of its own before the body is read, then the report itself: malformed (400), or an unknown page type or metric or a
 * value outside physical bounds (422). A good report is answered 204 and counted while its client
 * address stays within DAILY_CAPS.vitalsReport reports of that page type a Moscow day; past it, it is
 * answered the same and goes into the page type's uncounted total (server/traffic/caps.ts). No cookie is
 * read or set; the address is only hashed, for the limit and the cap.
 */
export function handleVitals(request: Request, runtime: () => Promise<Pick<ServerRuntime, 'config' | 'repos' | 'hashKey'> & { now?: () => number }>): Promise<Response> {
  return answer('vitals', async () => {
    const { config, repos, hashKey, now: clock } = await runtime();
    const now = clock?.() ?? Date.now();
    if (isForeignOrigin(request.headers, config)) return errorResponse(403, messages.foreignOrigin);
    if (!beaconContentType(request.headers.get('content-type'))) return errorResponse(415, messages.notJson);
    if (declaredTooLarge(request.headers, MAX_VITALS_BODY_BYTES)) return errorResponse(413, messages.tooLarge);
    const address = clientAddress(request.headers);
    const addressKey = address ? hashClientAddress(address, hashKey) : UNKNOWN_ADDRESS;
    const retryAfter = await rateLimited(repos, `vitals:${addressKey}`, config.limits.perAddressPerMinute, now);
    if (retryAfter !== null) return errorResponse(429, messages.tooManyRequests, { 'retry-after': String(retryAfter) });
    const body = await readJsonBody(request, MAX_VITALS_BODY_BYTES, undefined, beaconContentType);
    if (!('value' in body)) return errorResponse(body.status, body.message);
    const parsed = parseVitalsReport(body.value, KNOWN_PAGE_TYPES);
    if ('problem' in parsed) {
      const { status, message } = problemAnswers[parsed.problem];
      return errorResponse(status, message);
    }
    const day = moscowToday(new Date(now));
    const page = parsed.report.page;
    const counts = await repos.traffic.countWithin(day, `vitals:${page}`, addressKey, DAILY_CAPS.vitalsReport);
    if (counts) await repos.vitals.record(parsed.report, now);
    await repos.traffic.tally(day, 'vitals', page, { counted: counts ? 1 : 0, uncounted: counts ? 0 : 1 });
    return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
  });
}
