import { publicPopup, type PublicPopups } from '@/lib/popups/managed';
import { endpoint } from './endpoint';
import type { ApiRuntime } from './handlers';
import { jsonOk } from './responses';

/**
 * How long browsers and nginx may keep the answer: 30 s each, so a change saved in the console reaches a
 * new visitor on any instance within 60 s even through a cache in front. Stale answers are not served.
 */
export const popupsCacheControl = 'public, max-age=30, s-maxage=30';

/**
 * `GET /api/popups` (public, read-only): the pop-ups a visitor may see now (on, inside their window), in
 * the targeting's order, with only what the browser needs: no switch, no window, no operator, no history;
 * a pop-up under a split test carries the test's id and its variants' texts (the browser picks one).
 * A failure is the usual 503 (never cached), which the pop-up host reads as "no pop-up".
 */
export const handlePopups = endpoint<ApiRuntime>({
  name: 'popups',
  methods: ['GET'],
  async handle({ runtime: { repos }, now }) {
    const [active, tests] = await Promise.all([repos.popups.listActive(now), repos.splitTests.running()]);
    const running = new Map(tests.map((test) => [test.popupId, { id: test.id, variants: test.variants }]));
    const body: PublicPopups = { popups: active.map((popup) => publicPopup(popup.id, popup.config, running.get(popup.id))) };
    return jsonOk(body, { 'cache-control': popupsCacheControl });
  },
});
