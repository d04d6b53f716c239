import { issueVisitorId } from '../experiments/visitor-id';
import { clientAddress, hashClientAddress } from '../leads/client-address';
import type { ServerRuntime } from '../runtime';
import { UNKNOWN_ADDRESS } from '../traffic/caps';
import { answer } from './endpoint';
import { isForeignOrigin, rateLimited } from './guards';
import { errorResponse, jsonResponse, messages } from './responses';

/**
 * `POST /api/visitor-id`: a new visitor id for the split tests, signed by the server
 * (server/experiments/visitor-id.ts), `{ "visitorId": "<id>.<signature>" }`, never cached and with no
 * cookie: the pop-up host asks for it only when a tested pop-up is about to show to a browser without a
 * signed id, and keeps it in its first-party cookie. Refused in JSON: another site's origin 403, more
 * than RATE_LIMIT_PER_MINUTE a minute from one client 429. A client may still ask again and again and
 * keep the id that lands in the variant it wants; what it adds with them is bounded by the daily caps of
 * its address (server/traffic/caps.ts).
 */
export function handleVisitorId(request: Request, runtime: () => Promise<Pick<ServerRuntime, 'config' | 'repos' | 'hashKey'> & { now?: () => number }>): Promise<Response> {
  return answer('visitor-id', async () => {
    const { config, repos, hashKey, now: clock } = await runtime();
    if (isForeignOrigin(request.headers, config)) return errorResponse(403, messages.foreignOrigin);
    const address = clientAddress(request.headers);
    const retryAfter = await rateLimited(repos, `visitor-id:${address ? hashClientAddress(address, hashKey) : UNKNOWN_ADDRESS}`, config.limits.perAddressPerMinute, clock?.() ?? Date.now());
    if (retryAfter !== null) return errorResponse(429, messages.tooManyRequests, { 'retry-after': String(retryAfter) });
    return jsonResponse(200, { visitorId: issueVisitorId(hashKey) });
  });
}
