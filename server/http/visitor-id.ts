import { visitorIdOf } from '@/lib/experiments/variants';
import { issueVisitorId, verifyVisitorId } from '../experiments/visitor-id';
import { endpoint } from './endpoint';
import type { ApiRuntime } from './handlers';
import { jsonOk } from './responses';

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
export const handleVisitorId = endpoint<ApiRuntime>({
  name: 'visitor-id',
  methods: ['POST'],
  foreignOrigin: 'refuse',
  rateLimit: { bucket: 'visitor-id', perMinute: (runtime) => runtime.config.limits.perAddressPerMinute },
  async handle({ request, runtime: { hashKey } }) {
    const kept = visitorIdOf(request.headers.get('cookie') ?? '');
    return jsonOk({ visitorId: kept && verifyVisitorId(kept, hashKey) ? kept : issueVisitorId(hashKey) });
  },
});
