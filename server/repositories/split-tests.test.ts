import { beforeEach, expect, it } from 'vitest';
import { filePopupSeeds } from '../popups/seed';
import { describeEachDatabase } from '../testing/databases';

const actor = 'anna@school.ru';
const texts = (headline: string) => ({ headline, text: 'Текст', buttonLabel: 'Получить' });

describeEachDatabase('split tests repository', (database) => {
  beforeEach(() => database().clear());

  async function started() {
    const { repos } = database();
    const seeds = filePopupSeeds();
    await repos.popups.seed(seeds, 1000);
    const popupId = seeds[0]!.id;
    const outcome = await repos.splitTests.start(popupId, [texts('A'), texts('B')], { plannedShows: 14_000, actor, now: 2000 });
    if (!outcome.started) throw new Error('not started');
    return { repos, popupId, test: outcome.test };
  }

  it('starts one test a pop-up and stops it', async () => {
    const { repos, popupId, test } = await started();
    expect(await repos.splitTests.start(popupId, [texts('A'), texts('C')], { plannedShows: 1, actor, now: 3000 })).toEqual({
      started: false,
      reason: 'running',
    });
    expect((await repos.splitTests.running()).map((t) => t.id)).toEqual([test.id]);
    expect(await repos.splitTests.stop(test.id, { actor, now: 4000 })).toBe(true);
    expect(await repos.splitTests.stop(test.id, { actor, now: 5000 })).toBe(false);
    expect(await repos.splitTests.get(test.id)).toMatchObject({ status: 'stopped', stoppedBy: actor, winner: null });
    expect(await repos.splitTests.running()).toEqual([]);
  });

  it('counts a visitor once a test, and a lead only for the variant they were shown', async () => {
    const { repos, test } = await started();
    const now = Date.UTC(2026, 10, 23, 9);
    expect(await repos.splitTests.recordExposure({ testId: test.id, visitor: 'v1', variant: 1, now })).toBe(true);
    expect(await repos.splitTests.recordExposure({ testId: test.id, visitor: 'v1', variant: 1, now })).toBe(false);
    expect(await repos.splitTests.recordExposure({ testId: test.id, visitor: 'v2', variant: 0, now })).toBe(true);
    // A lead claimed for another variant than the one shown, or by a visitor never shown: not counted.
    expect(await repos.splitTests.recordConversion({ testId: test.id, visitor: 'v1', variant: 0, now })).toBe(false);
    expect(await repos.splitTests.recordConversion({ testId: test.id, visitor: 'v3', variant: 1, now })).toBe(false);
    expect(await repos.splitTests.recordConversion({ testId: test.id, visitor: 'v1', variant: 1, now })).toBe(true);
    expect(await repos.splitTests.recordConversion({ testId: test.id, visitor: 'v1', variant: 1, now })).toBe(false);
    expect(await repos.splitTests.perDay(test.id)).toEqual([
      { day: '2026-11-23', variant: 0, shows: 1, leads: 0 },
      { day: '2026-11-23', variant: 1, shows: 1, leads: 1 },
    ]);
    // After the stop nothing counts.
    await repos.splitTests.stop(test.id, { actor, now: now + 1, winner: 1 });
    expect(await repos.splitTests.recordExposure({ testId: test.id, visitor: 'v4', variant: 0, now })).toBe(false);
    expect((await repos.splitTests.get(test.id))?.status).toBe('decided');
  });
});
