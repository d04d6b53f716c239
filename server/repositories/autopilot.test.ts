import { beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/databases';

const who = { actor: 'anna@school.ru', now: 1000 };
const figures = { missed: 900, rate: 0.02, daysNeeded: 20 };

describeEachDatabase('autopilot repository', (database) => {
  beforeEach(() => database().clear());

  it('is off until switched on, and keeps the winner by default', async () => {
    const { repos } = database();
    expect(await repos.autopilot.settings()).toMatchObject({ enabled: false, keepWinner: true });
    await repos.autopilot.saveSettings({ enabled: true, keepWinner: false, ...who });
    expect(await repos.autopilot.settings()).toMatchObject({ enabled: true, keepWinner: false, updatedBy: 'anna@school.ru' });
  });

  it('a proposal starts nowhere until approved; approved ones queue in the order approved; it runs, then ends once', async () => {
    const { repos } = database();
    const [first, second] = await repos.autopilot.propose(
      [
        { kind: 'page', place: '/products/git', element: 'headline', text: 'Git за неделю', source: 'pattern', figures },
        { kind: 'popup', place: 'promo', element: 'buttonLabel', text: 'Хочу', source: 'learned', figures },
      ],
      1000,
    );
    expect(await repos.autopilot.markRunning(first!.id, 'test-1', 1100)).toBe(false);
    expect(await repos.autopilot.approve(second!.id, who)).toBe(true);
    expect(await repos.autopilot.approve(first!.id, { ...who, now: 1200 })).toBe(true);
    expect(await repos.autopilot.approve(first!.id, who)).toBe(false);
    expect((await repos.autopilot.proposals(['approved'])).map((p) => p.id)).toEqual([second!.id, first!.id]);
    expect(await repos.autopilot.markRunning(first!.id, 'test-1', 1300)).toBe(true);
    expect(await repos.autopilot.markRunning(first!.id, 'test-1', 1300)).toBe(false);
    expect(await repos.autopilot.markDone(first!.id, { reason: 'futility', kept: false, now: 2000 })).toBe(true);
    expect(await repos.autopilot.markDone(first!.id, { reason: 'futility', kept: false, now: 2000 })).toBe(false);
    expect(await repos.autopilot.get(first!.id)).toMatchObject({ status: 'done', endReason: 'futility', kept: false, testId: 'test-1', figures });
    expect((await repos.autopilot.doneSince(1500)).map((p) => p.id)).toEqual([first!.id]);
    expect(await repos.autopilot.dismiss(second!.id)).toBe(true);
    expect(await repos.autopilot.proposals(['proposed', 'approved'])).toEqual([]);
  });

  it('keeps the team patterns and retests, and lets one instance claim the weekly message', async () => {
    const { repos } = database();
    const pattern = await repos.autopilot.addPattern({ element: 'buttonLabel', text: 'Записаться', ...who });
    expect(await repos.autopilot.patterns()).toEqual([pattern]);
    expect(await repos.autopilot.removePattern(pattern.id)).toBe(true);
    await repos.autopilot.askRetest('page:/a:headline:x', who);
    await repos.autopilot.askRetest('page:/a:headline:x', who);
    expect(await repos.autopilot.retests()).toEqual(new Set(['page:/a:headline:x']));
    expect(await repos.autopilot.claimWeekly(10_000, 5_000)).toBe(true);
    expect(await repos.autopilot.claimWeekly(10_001, 5_000)).toBe(false);
    expect(await repos.autopilot.claimWeekly(20_000, 15_000)).toBe(true);
  });
});
