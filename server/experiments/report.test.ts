import { beforeEach, expect, it } from 'vitest';
import { plannedShowsPerVariant } from '@/lib/experiments/sequential';
import { describeEachDatabase } from '../testing/databases';
import { recordVariantTraffic, startSplitTest } from '../testing/split-tests';
import { DEFAULT_BASE_RATE, planTest, splitTestView } from './report';
import { popupTests } from './subjects/popup';

const DAY = 86_400_000;
const popup = 'popup-middle-discount';

describeEachDatabase('split test plan and report', (database) => {
  beforeEach(() => database().clear());

  it("plans from the pop-up's own conversion when it has enough shows, else 3 %", async () => {
    const { repos } = database();
    const now = Date.UTC(2026, 10, 23, 9);
    expect((await planTest(repos, popup, 2, now)).baseRate).toBe(DEFAULT_BASE_RATE);
    const reports = [
      ...Array.from({ length: 280 }, () => ({ popup, event: 'shown' as const, path: '/products/middle-js/cvrna' })),
      ...Array.from({ length: 14 }, () => ({ popup, event: 'finished' as const, path: '/products/middle-js/cvrna' })),
    ];
    await repos.popupStats.record(reports, now - DAY);
    const plan = await planTest(repos, popup, 2, now);
    expect(plan.baseRate).toBeCloseTo(0.05, 6);
    expect(plan.plannedShows).toBe(plannedShowsPerVariant(0.05));
    expect(plan.showsPerDay).toBeCloseTo(10, 6);
  });

  it("the end follows the test's own pace of shows; before the first show there is none", async () => {
    const { repos } = database();
    const start = Date.UTC(2026, 10, 1, 9);
    const test = await startSplitTest(repos, popup, { plannedShows: 1000, now: start });
    expect((await splitTestView(repos, test, start)).progress).toEqual({ needed: 1000, end: { kind: 'no_shows' } });
    await recordVariantTraffic(repos, test.id, { variant: 0, shows: 10, leads: 0, now: start + DAY / 2 });
    await recordVariantTraffic(repos, test.id, { variant: 1, shows: 10, leads: 0, now: start + DAY / 2 });
    // 10 a variant in the first day: 990 more take 99 days.
    const view = await splitTestView(repos, test, start + DAY);
    expect(view.progress).toEqual({ needed: 990, end: { kind: 'date', at: start + DAY + 99 * DAY } });
    expect(view.report.variants.map((v) => v.shows)).toEqual([10, 10]);
    await popupTests(repos).stop(test.id, { actor: 'anna@school.ru', now: start + DAY });
    expect((await splitTestView(repos, (await popupTests(repos).get(test.id))!, start + DAY)).progress).toBeNull();
  });
});
