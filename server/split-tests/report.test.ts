import { beforeEach, expect, it } from 'vitest';
import { plannedShowsPerVariant } from '@/lib/experiments/sequential';
import { describeEachDatabase } from '../testing/databases';
import { startSplitTest } from '../testing/split-tests';
import { DEFAULT_BASE_RATE, planTest, splitTestView } from './report';

const DAY = 86_400_000;
const popup = 'popup-middle-discount';

describeEachDatabase('split test plan and report', (database) => {
  beforeEach(() => database().clear());

  it('plans from the pop-up\'s own conversion when it has enough shows, else 3 %', async () => {
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

  it('the planned end follows the usual traffic before the first show, then the test\'s pace', async () => {
    const { repos } = database();
    const start = Date.UTC(2026, 10, 1, 9);
    const test = await startSplitTest(repos, popup, { plannedShows: 1000, now: start });
    // 100 shows a day usually: 50 a variant, 20 days to 1,000 each.
    expect((await splitTestView(repos, test, start, 100)).plannedEnd).toBe(start + 20 * DAY);
    expect((await splitTestView(repos, test, start)).plannedEnd).toBeNull();
    for (let i = 0; i < 20; i++) await repos.splitTests.recordExposure({ testId: test.id, visitor: `v${i}`, variant: i % 2, now: start + DAY / 2 });
    // 10 a variant in the first day: 100 days.
    const view = await splitTestView(repos, test, start + DAY, 100);
    expect(view.plannedEnd).toBe(start + 100 * DAY);
    expect(view.report.variants.map((v) => v.shows)).toEqual([10, 10]);
  });
});
