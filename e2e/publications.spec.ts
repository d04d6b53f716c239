import { AxeBuilder } from './support/axe';
import { giftOfferInput as giftOffer } from '../content/gift-offers';
import { popupId, popups } from '../content/popups';
import { getCourse } from '../content/courses';
import { formatRub } from '../lib/money';
import { withE2eDatabase } from './support/database';
import { e2eRunningGift } from './support/env';
import { expect, test } from './support/fixtures';
import { newOperator, signIn } from './support/operator';

/**
 * «Публикации» as the marketing team reads it: the release timer's last run (recorded by the timer's
 * condition, here put in through the repository) and its next, and what will end or appear, by name and
 * Moscow time; no serious accessibility problem. And the gift pop-up's struck-out price is a reference to
 * its course, shown as the figure it stands for.
 */

test("«Публикации» says the timer's last and next run and lists the running gift's end by its name", async ({ page }) => {
  await withE2eDatabase(({ repos }) =>
    repos.releaseRuns.record({
      ranAt: Date.now() - 60_000,
      day: '2026-11-27',
      due: [{ kind: 'event', title: 'Снежный квест', path: '/events/snow-quest' }],
      outcome: 'release',
    }),
  );
  await signIn(page, await newOperator('publications'));
  await page.getByRole('navigation', { name: 'Разделы консоли' }).getByRole('link', { name: 'Публикации' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Публикации' })).toBeVisible();
  await expect(page.getByText(/: вышли событие «Снежный квест» — сайт пересобран\.$/)).toBeVisible();
  await expect(page.getByText(/^\d{1,2} [а-я]+( \d{4})?, 00:10 МСК: выпуск будет, если на этот день что-то запланировано\.$/)).toBeVisible();

  const giftName = giftOffer(e2eRunningGift.giftNumber)!.name;
  const end = page.getByRole('row').filter({ hasText: giftName }).filter({ hasText: 'закончится' });
  await expect(end.first()).toBeVisible();
  await expect(end.first().getByRole('cell').first()).toHaveText(/^\d{1,2} [а-я]+( \d{4})?, \d\d:\d\d МСК$/);
  await expect(page.getByRole('cell', { name: String(e2eRunningGift.giftNumber), exact: true })).toHaveCount(0);

  const problems = await new AxeBuilder({ page }).seriousViolations();
  expect(problems).toEqual([]);
});

test("the gift pop-up's struck-out price refers to its course, and the console shows the figure it stands for", async ({ page }) => {
  const gift = popups.find((popup) => popup.content.kind === 'gift')!;
  await signIn(page, await newOperator('publications-price'));
  await page.goto(`/admin/popups/${popupId(gift)}`);
  await expect(page.getByLabel('Зачёркнутая цена, ₽')).toHaveValue('{цена advanced-js}');
  await expect(page.getByText(`Сейчас на сайте: ${formatRub(getCourse('advanced-js')!.tariffs[0]!.price)}`)).toBeVisible();
});
