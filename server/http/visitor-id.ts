import { moscowToday } from '@/lib/calendar';
import { visitorIdOf } from '@/lib/experiments/variants';
import { issueVisitorId, verifyVisitorId } from '../experiments/visitor-id';
import { countWithinCaps, trafficClient, VISITOR_ID_ALLOWANCE } from '../traffic/caps';
import { endpoint } from './endpoint';
import type { ApiRuntime } from './handlers';
import { jsonOk } from './responses';

/**
 * `POST /api/visitor-id`: the visitor id of the split tests, signed by the server
 * (server/experiments/visitor-id.ts), `{ "visitorId": "<id>.<signature>" }`: the id of the request's
 * `school_vid` cookie when it verifies (the visitor keeps their variants), else a new one (no cookie, an
 * id made up or made before ids were signed, one signed with a key since replaced). Never cached, and it
 * sets no cookie: the pop-up host asks only when a tested pop-up is about to show, and keeps the answer in
 * its first-party cookie for a year. Refused in JSON: another site's origin 403, more than
 * RATE_LIMIT_PER_MINUTE a minute from one client 429.
 *
 * A browser asks once; a client asking again and again (without the cookie) to keep an id that lands in
 * the variant it wants is held to VISITOR_ID_ALLOWANCE new counted ids a day for its address and for its
 * network (server/traffic/caps.ts, decided atomically before the id is made). Past it, it still gets an id
 * of the same shape, whose variant it keeps, signed as uncounted: its shows and leads count for no test
 * and go into the test's «Подозрительный трафик».
 */
export const handleVisitorId = endpoint<ApiRuntime>({
  name: 'visitor-id',
  methods: ['POST'],
  foreignOrigin: 'refuse',
  rateLimit: { bucket: 'visitor-id', perMinute: (runtime) => runtime.config.limits.perAddressPerMinute },
  async handle({ request, runtime: { hashKey, repos }, now, addressHash, networkHash }) {
    const kept = visitorIdOf(request.headers.get('cookie') ?? '');
    if (kept && verifyVisitorId(kept, hashKey)) return jsonOk({ visitorId: kept });
    const day = moscowToday(new Date(now));
    const counted = await countWithinCaps(repos, day, 'visitor-id', trafficClient(addressHash, networkHash), VISITOR_ID_ALLOWANCE);
    return jsonOk({ visitorId: issueVisitorId(hashKey, undefined, counted ? 'counted' : 'uncounted') });
  },
});
