import { beforeEach, expect, it } from 'vitest';
import { pricesInEffect } from '../live-content/prices';
import { describeEachDatabase } from '../testing/databases';

const minute = 60_000;
const t0 = Date.UTC(2026, 11, 7, 9);

describeEachDatabase('price versions', (database) => {
  beforeEach(() => database().clear());

  it('keeps every version with its figures, and the site takes the newest whose time has come, per course', async () => {
    const { repos } = database();
    const first = await repos.priceVersions.add(
      {
        courseSlug: 'junior-js',
        tariffs: [
          { price: 5200, months: 12 },
          { price: 6900, oldPrice: 9900, months: 12 },
          { price: 10_490, months: 12 },
        ],
        effectiveFrom: t0,
        operator: 'anna@school.ru',
      },
      t0,
    );
    expect(first).toMatchObject({ courseSlug: 'junior-js', effectiveFrom: t0, createdAt: t0, operator: 'anna@school.ru', cancelledAt: null });
    expect(first.tariffs[1]).toEqual({ price: 6900, oldPrice: 9900, months: 12 });
    await repos.priceVersions.add({ courseSlug: 'git', tariffs: [{ price: 3990 }], effectiveFrom: t0 + minute, operator: 'anna@school.ru' }, t0 + minute);
    const scheduled = await repos.priceVersions.add(
      {
        courseSlug: 'junior-js',
        tariffs: [
          { price: 4990, months: 12 },
          { price: 6710, months: 12 },
          { price: 10_490, months: 12 },
        ],
        effectiveFrom: t0 + 60 * minute,
        operator: 'boris@school.ru',
      },
      t0 + 2 * minute,
    );

    expect(await pricesInEffect(repos, new Date(t0 + 2 * minute))).toEqual({
      value: { 'junior-js': first.tariffs, git: [{ price: 3990 }] },
      nextChangeAt: new Date(t0 + 60 * minute),
    });
    expect((await pricesInEffect(repos, new Date(t0 + 60 * minute))).value['junior-js']).toEqual(scheduled.tariffs);
    expect((await repos.priceVersions.list('junior-js')).map((version) => version.id)).toEqual([scheduled.id, first.id]);
    expect(await repos.priceVersions.list()).toHaveLength(3);
    expect(await repos.priceVersions.find(scheduled.id)).toEqual(scheduled);
  });

  it('cancels a version only before its time, and the site never shows a cancelled one', async () => {
    const { repos } = database();
    const now = await repos.priceVersions.add({ courseSlug: 'git', tariffs: [{ price: 3990 }], effectiveFrom: t0, operator: 'anna@school.ru' }, t0);
    const later = await repos.priceVersions.add(
      { courseSlug: 'git', tariffs: [{ price: 2990 }], effectiveFrom: t0 + 30 * minute, operator: 'anna@school.ru' },
      t0,
    );

    expect(await repos.priceVersions.cancel(now.id, t0 + minute)).toBeNull();
    expect(await repos.priceVersions.cancel(later.id, t0 + minute)).toMatchObject({ id: later.id, cancelledAt: t0 + minute });
    expect(await repos.priceVersions.cancel(later.id, t0 + 2 * minute)).toBeNull();
    expect(await repos.priceVersions.cancel(999_999, t0)).toBeNull();

    expect(await pricesInEffect(repos, new Date(t0 + 31 * minute))).toEqual({ value: { git: [{ price: 3990 }] }, nextChangeAt: null });
    expect((await repos.priceVersions.standing()).map((version) => version.id)).toEqual([now.id]);
  });

  it('moves a version only before its time («Публикации» → «Перенести»)', async () => {
    const { repos } = database();
    const now = await repos.priceVersions.add({ courseSlug: 'git', tariffs: [{ price: 3990 }], effectiveFrom: t0, operator: 'anna@school.ru' }, t0);
    const later = await repos.priceVersions.add(
      { courseSlug: 'git', tariffs: [{ price: 2990 }], effectiveFrom: t0 + 30 * minute, operator: 'anna@school.ru' },
      t0,
    );

    expect(await repos.priceVersions.reschedule(now.id, t0 + 60 * minute, t0 + minute)).toBeNull();
    expect(await repos.priceVersions.reschedule(later.id, t0 + 60 * minute, t0 + minute)).toMatchObject({ id: later.id, effectiveFrom: t0 + 60 * minute });
    expect(await pricesInEffect(repos, new Date(t0 + 31 * minute))).toMatchObject({
      value: { git: [{ price: 3990 }] },
      nextChangeAt: new Date(t0 + 60 * minute),
    });
    await repos.priceVersions.cancel(later.id, t0 + 2 * minute);
    expect(await repos.priceVersions.reschedule(later.id, t0 + 90 * minute, t0 + 3 * minute)).toBeNull();
  });
});
