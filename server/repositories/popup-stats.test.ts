import { beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/databases';

describeEachDatabase('pop-up daily counts', (database) => {
  beforeEach(() => database().clear());
  const now = Date.UTC(2026, 10, 23, 9);

  it('adds batches up per day and pop-up, over every page', async () => {
    const { repos } = database();
    await repos.popupStats.record(
      [
        { popup: 'promo-frameworks', event: 'shown', path: '/products/git' },
        { popup: 'promo-frameworks', event: 'finished', path: '/products/git' },
      ],
      now,
    );
    await repos.popupStats.record(
      [
        { popup: 'promo-frameworks', event: 'shown', path: '/products/vue' },
        { popup: 'promo-frameworks', event: 'closed', path: '/products/vue' },
        { popup: 'promo-frameworks', event: 'shown', path: '/products/git' },
      ],
      now,
    );
    await repos.popupStats.record([{ popup: 'popup-middle-discount', event: 'shown', path: '/products/middle-js' }], now - 86_400_000);
    expect(await repos.popupStats.perDay('2026-11-22', '2026-11-23')).toEqual([
      { day: '2026-11-23', popup: 'promo-frameworks', shown: 3, closed: 1, finished: 1 },
      { day: '2026-11-22', popup: 'popup-middle-discount', shown: 1, closed: 0, finished: 0 },
    ]);
    expect(await repos.popupStats.perDay('2026-11-23', '2026-11-23')).toHaveLength(1);
  });
});
