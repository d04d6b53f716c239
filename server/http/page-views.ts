import { coursePageAt } from '@/content/courses';
import { moscowToday } from '@/lib/calendar';
import { MAX_PAGE_VIEW_BYTES, parsePageView, type PageViewReport } from '@/lib/page-views';
import { capsOf, countWithinCaps, trafficClient } from '../traffic/caps';
import { endpoint } from './endpoint';
import type { ApiRuntime } from './handlers';
import { isBeaconContentType } from './read-json';
import { noContent, refuse } from './responses';

/**
 * `POST /api/page-views`: one view of a course page (features/analytics/page-view.ts), 204 once taken,
 * never a cookie. Refusals are JSON: another site's origin is not counted (204, like the pop-up beacons),
 * a media type that is no beacon's (415), a body too large (413), more beacons a minute from one client
 * than the API's per-client limit (RATE_LIMIT_PER_MINUTE, 30: a visitor reads a page a minute or more;
 * 429, before the body is read), a body that is not `{ "path" }` with a bare path (400 `bad_page_view`),
 * a path that is no course page (404 `unknown_course_page`), the database down (503, like every endpoint
 * but the pop-up beacons; a lost view changes no decision).
 * A view counts while its client address and network stay within DAILY_CAPS.pageView views of that page a
 * Moscow day (server/traffic/caps.ts); past them it is answered the same and goes into the page's uncounted
 * total. The day's counted total is the page's views: the autopilot's figures (server/autopilot).
 */
export const handlePageViews = endpoint<ApiRuntime, PageViewReport>({
  name: 'page-views',
  methods: ['POST'],
  foreignOrigin: 'ignore',
  rateLimit: { bucket: 'page-views', perMinute: (runtime) => runtime.config.limits.perAddressPerMinute },
  body: {
    accepts: isBeaconContentType,
    maxBytes: MAX_PAGE_VIEW_BYTES,
    parse(value) {
      const report = parsePageView(value);
      if (!report) return refuse(400, 'bad_page_view');
      if (!coursePageAt(report.path)) return refuse(404, 'unknown_course_page');
      return report;
    },
  },
  async handle({ runtime: { repos }, now, body: { path }, addressHash, networkHash }) {
    const day = moscowToday(new Date(now));
    const counts = await countWithinCaps(repos, day, `page:${path}:view`, trafficClient(addressHash, networkHash), capsOf('pageView'));
    await repos.traffic.tally(day, 'page', path, { counted: counts ? 1 : 0, uncounted: counts ? 0 : 1 });
    return noContent();
  },
});
