import { beforeEach, expect, it } from 'vitest';
import { filePopupSeeds } from '../popups/seed';
import { describeEachDatabase } from '../testing/databases';
import { splitTestVisitorsBeforeNetworks } from '../testing/seed';
import { popupTests } from '../experiments/subjects/popup';

const actor = 'anna@school.ru';
const texts = (headline: string) => ({ headline, text: 'Текст', buttonLabel: 'Получить' });

describeEachDatabase('split tests repository', (database) => {
  beforeEach(() => database().clear());

  async function started() {
    const { repos } = database();
    const seeds = filePopupSeeds();
    await repos.popups.seed(seeds, 1000);
    const popupId = seeds[0]!.id;
    const outcome = await popupTests(repos).start(popupId, [texts('A'), texts('B')], { plannedShows: 14_000, actor, now: 2000 });
    if (!outcome.started) throw new Error('not started');
    return { repos, popupId, test: outcome.test };
  }

  it('starts one test a pop-up and stops it', async () => {
    const { repos, popupId, test } = await started();
    expect(await popupTests(repos).start(popupId, [texts('A'), texts('C')], { plannedShows: 1, actor, now: 3000 })).toEqual({
      started: false,
      reason: 'running',
    });
    expect((await popupTests(repos).running()).map((t) => t.id)).toEqual([test.id]);
    expect(await popupTests(repos).stop(test.id, { actor, now: 4000 })).toBe(true);
    expect(await popupTests(repos).stop(test.id, { actor, now: 5000 })).toBe(false);
    expect(await popupTests(repos).get(test.id)).toMatchObject({ status: 'stopped', stoppedBy: actor, winner: null });
    expect(await popupTests(repos).running()).toEqual([]);
  });

  it('answers the finished tests of every pop-up, the last ended first, never a running one', async () => {
    const { repos, popupId, test } = await started();
    expect(await popupTests(repos).finished()).toEqual([]);
    await popupTests(repos).stop(test.id, { actor, now: 4000, winner: 1 });
    const again = await popupTests(repos).start(popupId, [texts('A'), texts('C')], { plannedShows: 1, actor, now: 5000 });
    if (!again.started) throw new Error('not started');
    await popupTests(repos).stop(again.test.id, { actor, now: 6000 });
    await popupTests(repos).start(popupId, [texts('A'), texts('D')], { plannedShows: 1, actor, now: 7000 });
    expect((await popupTests(repos).finished()).map((t) => [t.id, t.status])).toEqual([
      [again.test.id, 'stopped'],
      [test.id, 'decided'],
    ]);
  });

  it('counts a visitor once a test, and a lead only for the variant they were shown', async () => {
    const { repos, test } = await started();
    const now = Date.UTC(2026, 10, 23, 9);
    expect(await popupTests(repos).recordExposure({ testId: test.id, visitor: 'v1', variant: 1, now, network: 'n-v1' })).toBe(true);
    expect(await popupTests(repos).recordExposure({ testId: test.id, visitor: 'v1', variant: 1, now, network: 'n-v1' })).toBe(false);
    expect(await popupTests(repos).recordExposure({ testId: test.id, visitor: 'v2', variant: 0, now, network: 'n-v2' })).toBe(true);
    // A lead claimed for another variant than the one shown, or by a visitor never shown: not counted.
    expect(await popupTests(repos).recordConversion({ testId: test.id, visitor: 'v1', variant: 0, now, network: 'n-v1' })).toBe(false);
    expect(await popupTests(repos).recordConversion({ testId: test.id, visitor: 'v3', variant: 1, now, network: 'n-v3' })).toBe(false);
    expect(await popupTests(repos).recordConversion({ testId: test.id, visitor: 'v1', variant: 1, now, network: 'n-v1' })).toBe(true);
    expect(await popupTests(repos).recordConversion({ testId: test.id, visitor: 'v1', variant: 1, now, network: 'n-v1' })).toBe(false);
    expect(await popupTests(repos).perDay(test.id)).toEqual([
      { day: '2026-11-23', variant: 0, shows: 1, leads: 0 },
      { day: '2026-11-23', variant: 1, shows: 1, leads: 1 },
    ]);
    // After the stop nothing counts.
    await popupTests(repos).stop(test.id, { actor, now: now + 1, winner: 1 });
    expect(await popupTests(repos).recordExposure({ testId: test.id, visitor: 'v4', variant: 0, now, network: 'n-v4' })).toBe(false);
    expect((await popupTests(repos).get(test.id))?.status).toBe('decided');
  });

  it("says from how many networks each variant's counted shows and leads came; a visitor counted before networks were kept is one of their own", async () => {
    const { repos, test } = await started();
    const now = Date.UTC(2026, 10, 23, 9);
    // B: six visitors from two networks, three of them with a lead from one network; A: two from one network.
    for (let i = 0; i < 6; i++) await popupTests(repos).recordExposure({ testId: test.id, visitor: `b${i}`, variant: 1, now, network: `net-${i % 2}` });
    for (let i = 0; i < 3; i++) await popupTests(repos).recordConversion({ testId: test.id, visitor: `b${i * 2}`, variant: 1, now, network: 'net-0' });
    for (let i = 0; i < 2; i++) await popupTests(repos).recordExposure({ testId: test.id, visitor: `a${i}`, variant: 0, now, network: 'net-9' });
    expect(await popupTests(repos).networks(test.id)).toEqual([
      { variant: 0, shows: 1, leads: 0 },
      { variant: 1, shows: 2, leads: 1 },
    ]);
    await splitTestVisitorsBeforeNetworks(database(), test.id, 0, ['old-1', 'old-2'], now);
    expect((await popupTests(repos).networks(test.id))[0]).toEqual({ variant: 0, shows: 3, leads: 0 });
  });
});
