import { visitorIdOf } from '@/lib/experiments/variants';
import { issueVisitorId, verifyVisitorId } from '../experiments/visitor-id';
import { clientAddress, hashClientAddress } from '../leads/client-address';
import type { ServerRuntime } from '../runtime';
import { UNKNOWN_ADDRESS } from '../traffic/caps';
import { answer } from './endpoint';
import { isForeignOrigin, rateLimited } from './guards';
import { errorResponse, jsonResponse, messages } from './responses';

/**
 * `POST /api/visitor-id`: the visitor id of the split tests, signed by the server
 * (server/experiments/visitor-id.ts), `{ "visitorId": "<id>.<signature>" }`: the id of the request's
 * `school_vid` cookie when it verifies (the visitor keeps their variants), else a new one (no cookie, an
 * id made up or made before ids were signed, one signed with a key since replaced). Never cached, and it
 * sets no cookie: the pop-up host asks only when a tested pop-up is about to show, and keeps the answer in
 * its first-party cookie. Refused in JSON: another site's origin 403, more than RATE_LIMIT_PER_MINUTE a
 * minute from one client 429. A client may still ask again and again (without the cookie) and keep an id
 * that lands in the variant it wants; what it adds with them is bounded by the daily caps of its address
 * (server/traffic/caps.ts).
 */
export function handleVisitorId(request: Request, runtime: () => Promise<Pick<ServerRuntime, 'config' | 'repos' | 'hashKey'> & { now?: () => number }>): Promise<Response> {
  return answer('visitor-id', async () => {
    const { config, repos, hashKey, now: clock } = await runtime();
    if (isForeignOrigin(request.headers, config)) return errorResponse(403, messages.foreignOrigin);
    const address = clientAddress(request.headers);
    const retryAfter = await rateLimited(repos, `visitor-id:${address ? hashClientAddress(address, hashKey) : UNKNOWN_ADDRESS}`, config.limits.perAddressPerMinute, clock?.() ?? Date.now());
    if (retryAfter !== null) return errorResponse(429, messages.tooManyRequests, { 'retry-after': String(retryAfter) });
    const kept = visitorIdOf(request.headers.get('cookie') ?? '');
    return jsonResponse(200, { visitorId: kept && verifyVisitorId(kept, hashKey) ? kept : issueVisitorId(hashKey) });
  });
}
