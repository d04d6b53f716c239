import { beforeEach, describe, expect, it } from 'vitest';
import { describeWindowProblem } from '@/lib/gift-windows';
import { windowProblem, windowState } from '../rules/gift-windows';
import { describeEachDatabase } from '../testing/databases';

const hour = 3_600_000;
const t0 = Date.UTC(2026, 11, 20, 7);

describe('gift window words and states', () => {
  it("says the CLI's problems in Russian", () => {
    expect(describeWindowProblem(windowProblem({ giftNumber: 14, startTimestamp: t0, endTimestamp: t0 + hour }, [])!)).toBe(
      'Номер подарка — целое число от 1 до 13',
    );
    expect(describeWindowProblem(windowProblem({ giftNumber: 1, startTimestamp: t0, endTimestamp: t0 }, [])!)).toBe('Начало должно быть раньше конца');
    const other = { giftNumber: 2, startTimestamp: t0, endTimestamp: t0 + hour };
    expect(describeWindowProblem(windowProblem({ giftNumber: 1, startTimestamp: t0, endTimestamp: t0 + hour }, [other])!)).toBe(
      'Пересекается с окном подарка 2 (2026-12-20 10:00:00 MSK - 2026-12-20 11:00:00 MSK)',
    );
  });

  it('tells past, active and upcoming windows apart', () => {
    const window = { giftNumber: 1, startTimestamp: t0, endTimestamp: t0 + hour };
    expect(windowState(window, t0 - 1)).toBe('upcoming');
    expect(windowState(window, t0)).toBe('active');
    expect(windowState(window, t0 + hour + 1)).toBe('past');
  });
});

describeEachDatabase('gift schedule: moving a window', (database) => {
  beforeEach(() => database().clear());

  it('moves a window unless it would overlap another; overlapping its own old place is fine', async () => {
    const { repos } = database();
    const first = await repos.giftSchedule.add({ giftNumber: 1, startTimestamp: t0, endTimestamp: t0 + 2 * hour }, t0);
    await repos.giftSchedule.add({ giftNumber: 2, startTimestamp: t0 + 3 * hour, endTimestamp: t0 + 4 * hour }, t0);
    const id = (first as { id: number }).id;
    expect(await repos.giftSchedule.update(id, { giftNumber: 3, startTimestamp: t0 + hour, endTimestamp: t0 + 3 * hour })).toEqual({ updated: true });
    expect(await repos.giftSchedule.update(id, { giftNumber: 3, startTimestamp: t0, endTimestamp: t0 + 3.5 * hour })).toHaveProperty('problem');
    expect((await repos.giftSchedule.list()).map((w) => [w.giftNumber, w.startTimestamp])).toEqual([
      [3, t0 + hour],
      [2, t0 + 3 * hour],
    ]);
    expect(await repos.giftSchedule.update(999_999, { giftNumber: 3, startTimestamp: t0 - 9 * hour, endTimestamp: t0 - 8 * hour })).toEqual({ updated: false });
  });
});
