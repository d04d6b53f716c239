import { moscowToday } from '@/lib/calendar';
import { parseVitalsReport, type ReportProblem, type VitalsReport } from '@/lib/vitals/metrics';
import { KNOWN_PAGE_TYPES } from '@/lib/vitals/page-type';
import { capsOf, countWithinCaps, trafficClient } from '../traffic/caps';
import { endpoint } from './endpoint';
import type { ApiRuntime } from './handlers';
import { isBeaconContentType } from './read-json';
import { noContent, refuse, type Refusal } from './responses';

/** Five metrics with a 100-character selector each are about 1 kB. */
export const MAX_VITALS_BODY_BYTES = 4096;
const refusals: Record<ReportProblem, Refusal> = {
  shape: refuse(400, 'bad_vitals_report'),
  'unknown-page': refuse(422, 'unknown_page_type'),
  'unknown-metric': refuse(422, 'unknown_metric'),
  'out-of-bounds': refuse(422, 'out_of_bounds'),
};

/**
 * `POST /api/vitals`: one page view's field Core Web Vitals (features/analytics), 204 once taken.
 * Refusals are JSON like the lead API's, cheapest check first: another site's origin (403), a media type
 * that is neither JSON nor a beacon's text (415), a body declared or found too large (413), more reports a minute from one
 * client address than the lead API takes (RATE_LIMIT_PER_MINUTE; a page sends one each time it is hidden):
 * 429, counted in the shared rate-limit table under a bucket of its own before the body is read, then the report itself: malformed (400), or an unknown page type or metric or a
 * value outside physical bounds (422). A good report is answered 204 and counted while its client
 * address stays within DAILY_CAPS.vitalsReport reports of that page type a Moscow day, and its network
 * within NETWORK_DAILY_CAPS.vitalsReport; past them, it is answered the same and goes into the page
 * type's uncounted total (server/traffic/caps.ts). A counted report adds its network to the day's, so
 * «Скорость сайта» colours a row only when its reports come from enough networks. No cookie is read or
 * set; the address is only hashed, for the limit, the caps and the networks.
 */
export const handleVitals = endpoint<ApiRuntime, VitalsReport>({
  name: 'vitals',
  methods: ['POST'],
  foreignOrigin: 'refuse',
  rateLimit: { bucket: 'vitals', perMinute: (runtime) => runtime.config.limits.perAddressPerMinute },
  body: {
    accepts: isBeaconContentType,
    maxBytes: MAX_VITALS_BODY_BYTES,
    parse(value) {
      const parsed = parseVitalsReport(value, KNOWN_PAGE_TYPES);
      return 'problem' in parsed ? refusals[parsed.problem] : parsed.report;
    },
  },
  async handle({ runtime: { repos }, now, body: report, addressHash, networkHash }) {
    const day = moscowToday(new Date(now));
    const client = trafficClient(addressHash, networkHash);
    const counts = await countWithinCaps(repos, day, `vitals:${report.page}`, client, capsOf('vitalsReport'));
    if (counts) await repos.vitals.record(report, now, client.network);
    await repos.traffic.tally(day, 'vitals', report.page, { counted: counts ? 1 : 0, uncounted: counts ? 0 : 1 });
    return noContent();
  },
});
