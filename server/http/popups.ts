import { courses } from '@/content/courses';
import { publicPopup, type PublicPopup, type PublicPopups } from '@/lib/popups/managed';
import { resolvePopupPrices, resolveTexts } from '@/lib/popups/prices';
import { endpoint } from './endpoint';
import type { ApiRuntime } from './handlers';
import { jsonOk } from './responses';
import { popupTests } from '../experiments/subjects/popup';

/**
 * How long browsers and nginx may keep the answer: 30 s each, so a change saved in the console reaches a
 * new visitor on any instance within 60 s even through a cache in front. Stale answers are not served.
 */
export const popupsCacheControl = 'public, max-age=30, s-maxage=30';

/**
 * `GET /api/popups` (public, read-only): the pop-ups a visitor may see now (on, inside their window), in
 * the targeting's order, with only what the browser needs: no switch, no window, no operator, no history;
 * a pop-up under a split test carries the test's id and its variants' texts (the browser picks one).
 * Prices are looked up now: a price reference (`{цена advanced-js}`) in a stored pop-up becomes the course
 * tariff's figure of this release, so a release that changes a course price changes it here with no edit
 * in the console. A pop-up whose reference names no tariff any more is left out (and logged) rather than
 * shown with `{цена …}`. A failure is the usual 503 (never cached), which the pop-up host reads as "no pop-up".
 */
export const handlePopups = endpoint<ApiRuntime>({
  name: 'popups',
  methods: ['GET'],
  async handle({ runtime: { repos }, now, log }) {
    const [active, tests] = await Promise.all([repos.popups.listActive(now), popupTests(repos).running()]);
    const running = new Map(tests.map((test) => [test.popupId, { id: test.id, variants: test.variants }]));
    const shown: PublicPopup[] = [];
    for (const popup of active) {
      const priced = resolvePopupPrices(popup.config, courses());
      const test = running.get(popup.id);
      const testTexts = test?.variants.map((texts) => resolveTexts(texts, courses()));
      const problems = [...priced.problems, ...(testTexts ?? []).flatMap((texts) => texts.problems)];
      if (!priced.config || problems.length > 0) {
        log.warn('popups.price_reference_unresolved', {
          popup: popup.id,
          problems: problems.map((problem) => `${problem.field}:${problem.problem.code}`).join('; '),
        });
        continue;
      }
      shown.push(publicPopup(popup.id, priced.config, test && { id: test.id, variants: testTexts!.map((texts) => texts.texts) }));
    }
    const body: PublicPopups = { popups: shown };
    return jsonOk(body, { 'cache-control': popupsCacheControl });
  },
});
