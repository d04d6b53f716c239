import { expect, it } from 'vitest';
import { courses } from '@/content/courses';
import { popupId, popups } from '@/content/popups';
import type { ManagedPopupConfig } from '@/lib/popups/managed';
import { resolvePopupPrices } from '@/lib/popups/prices';
import { createRepositories } from '../repositories';
import { describeEachDatabase } from '../testing/databases';
import { createMigrator, migrateToLatest, migrations } from './migrate';

const gift = popups.find((popup) => popup.content.kind === 'gift')!;
const promo = popups.find((popup) => popupId(popup) === 'promo-frameworks')!;

/** The gift pop-up as content/popups.ts had it before a price could be a reference: a figure tied to its tariff. */
const giftBefore = {
  ...gift,
  content: {
    ...gift.content,
    offer: { price: 0, oldPrice: 13_790, oldPriceFrom: [{ course: 'advanced-js', tariff: 1 }], condition: 'при покупке курса Junior' },
  },
  enabled: true,
  startsAt: null,
  endsAt: null,
} as unknown as ManagedPopupConfig;

describeEachDatabase(
  'migration 018: stored pop-up prices become references; the release timer gets its table',
  (database) => {
    it('rewrites every version of a pop-up whose price or text repeats one course tariff, and leaves other figures', async () => {
      const { handle, dialect } = database();
      const all = migrations(dialect);
      const before = Object.fromEntries(Object.entries(all).filter(([name]) => name < '018'));
      const { error } = await (await createMigrator(handle.db, dialect, before)).migrateToLatest();
      if (error) throw error;

      const repos = createRepositories(handle);
      const promoBefore = { ...promo, enabled: true, startsAt: null, endsAt: null } as ManagedPopupConfig;
      await repos.popups.seed(
        [
          { id: popupId(gift), config: giftBefore },
          { id: popupId(promo), config: promoBefore },
        ],
        1,
      );
      // A marketer's save under the old release: a price in the text, and a split test's variant.
      const saved = {
        ...giftBefore,
        content: { ...giftBefore.content, title: 'Курс за 13 790 ₽ — в подарок' },
        variants: [{ headline: 'Всего 2 990 ₽ или 13 790 ₽', text: 'т', buttonLabel: 'к' }],
      };
      expect(await repos.popups.save(popupId(gift), saved as ManagedPopupConfig, { expectedVersion: 1, actor: 'anna@school.ru', now: 2 })).toMatchObject({
        saved: true,
      });
      const promoSaved = { ...promoBefore, content: { ...promoBefore.content, text: 'Подписка бесплатная, а курс стоит 99 999 ₽' } } as ManagedPopupConfig;
      await repos.popups.save(popupId(promo), promoSaved, { expectedVersion: 1, actor: 'anna@school.ru', now: 2 });

      await migrateToLatest(handle);

      const history = await repos.popups.history(popupId(gift));
      expect(history.map((version) => version.config.content)).toEqual([
        expect.objectContaining({
          title: 'Курс за {цена advanced-js} — в подарок',
          offer: { price: 0, oldPrice: '{цена advanced-js}', condition: 'при покупке курса Junior' },
        }),
        expect.objectContaining({ offer: { price: 0, oldPrice: '{цена advanced-js}', condition: 'при покупке курса Junior' } }),
      ]);
      // 2 990 ₽ is the price of two courses: which one it repeats cannot be told, so it stays a figure.
      expect(history[0]!.config.variants).toEqual([{ headline: 'Всего 2 990 ₽ или {цена advanced-js}', text: 'т', buttonLabel: 'к' }]);
      // Shown as before the migration.
      expect(resolvePopupPrices(history[0]!.config, courses()).config?.content).toMatchObject({
        title: 'Курс за 13\u00a0790\u00a0₽ — в подарок',
        offer: { oldPrice: 13_790 },
      });
      expect((await repos.popups.get(popupId(promo)))!.config.content).toMatchObject({ text: 'Подписка бесплатная, а курс стоит 99 999 ₽' });

      expect(await repos.releaseRuns.last()).toBeNull();
      await repos.releaseRuns.record({ ranAt: 10, day: '2026-12-15', due: [], outcome: 'nothing' });
      await repos.releaseRuns.record({ ranAt: 20, day: '2026-12-16', due: [{ kind: 'event', title: 'Марафон', path: '/events/m' }], outcome: 'release' });
      expect(await repos.releaseRuns.last()).toEqual({
        ranAt: 20,
        day: '2026-12-16',
        due: [{ kind: 'event', title: 'Марафон', path: '/events/m' }],
        outcome: 'release',
      });
    });
  },
  { migrate: false },
);
