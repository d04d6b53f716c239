import { AxeBuilder } from './support/axe';
import type { Page } from '@playwright/test';
import { moscowTime } from '../components/console/moscow-time';
import { noChanges } from '../lib/page-tests/variants';
import { filePopupSeeds } from '../server/popups/seed';
import { recordVariantTraffic } from '../server/testing/split-tests';
import { withE2eDatabase } from './support/database';
import { expect, test } from './support/fixtures';
import { newOperator, signIn } from './support/operator';
import { popupTests } from '../server/experiments/subjects/popup';
import { pageTests } from '../server/experiments/subjects/page';

/**
 * «Что мы узнали»: a finished pop-up test and a finished page test, seeded through the repositories on a
 * pop-up and a page no other spec tests (each runs only for the moment its figures are recorded), each
 * an entry with what it compared, its verdict, figures and people; the search narrows to one of them.
 * Other specs' finished tests may be listed too: ours are told apart by this run's unique texts.
 */
// Its only other spec (figures) posts its events without a test: a test running the moment ours records its figures changes nothing there.
const popupId = 'promo-career';
const pagePath = '/products/typescript';

async function seriousProblems(page: Page) {
  return new AxeBuilder({ page }).seriousViolations();
}

test('«Что мы узнали» shows each finished test with its verdict, figures and people, and finds it by page and by element', async ({ page }) => {
  test.slow();
  const run = Date.now().toString(36);
  const headlineA = `Скидка на фронтенд ${run}`;
  const headlineB = `Скидка на фронтенд до пятницы ${run}`;
  const buttonB = `Хочу на TypeScript ${run}`;
  const starter = `learned-start-${run}@school-e2e.ru`;
  const ender = `learned-end-${run}@school-e2e.ru`;

  const { popupStarted, popupEnded, pageStarted, pageEnded } = await withE2eDatabase(async ({ repos }) => {
    await repos.popups.seed(filePopupSeeds(), 1);
    const texts = (headline: string) => ({ headline, text: 'Скидка действует до конца недели', buttonLabel: 'Получить скидку' });
    const popupStarted = Date.now();
    const popup = await popupTests(repos).start(popupId, [texts(headlineA), texts(headlineB)], { plannedShows: 400, actor: starter, now: popupStarted });
    if (!popup.started) throw new Error(`a test of ${popupId} is running already`);
    await recordVariantTraffic(repos, popup.test.id, { variant: 0, shows: 200, leads: 30, now: popupStarted, prefix: `learned-${run}-a` });
    await recordVariantTraffic(repos, popup.test.id, { variant: 1, shows: 200, leads: 70, now: popupStarted, prefix: `learned-${run}-b` });
    const popupEnded = Date.now();
    await popupTests(repos).stop(popup.test.id, { actor: ender, now: popupEnded, winner: 1 });

    const pageStarted = Date.now();
    const draft = await pageTests(repos).create({
      pagePath,
      variants: [{ ...noChanges, buttonLabel: buttonB }],
      plannedVisitors: 1000,
      actor: starter,
      now: pageStarted,
    });
    const started = await pageTests(repos).start(draft.id, { actor: starter, now: pageStarted });
    if (!started.started) throw new Error(`a test of ${pagePath} is running already`);
    for (let i = 0; i < 30; i++) {
      for (const variant of [0, 1])
        await pageTests(repos).recordVisitor({ testId: draft.id, visitor: `learned-${run}-${variant}-${i}`, variant, now: pageStarted });
    }
    // Ended a minute later, so the page test is the newer entry of the two whatever the clock's minute.
    const pageEnded = pageStarted + 60_000;
    await pageTests(repos).stop(draft.id, { actor: ender, now: pageEnded });
    return { popupStarted, popupEnded, pageStarted, pageEnded };
  });

  await signIn(page, await newOperator(`learned-${run}`));
  await page.getByRole('navigation', { name: 'Разделы консоли' }).getByRole('link', { name: 'Что мы узнали' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Что мы узнали');

  const entries = page.getByTestId('learned-entry');
  // The autopilot (e2e/autopilot.spec.ts) may try this winning headline on another pop-up: ours is told apart by its pop-up too.
  const popupEntry = entries.filter({ hasText: headlineB }).filter({ hasText: 'Поп-ап «Анонс «Готовитесь к собеседованию?»»' });
  const pageEntry = entries.filter({ hasText: buttonB });
  await expect(popupEntry).toHaveCount(1);
  await expect(pageEntry).toHaveCount(1);

  // The pop-up's test: named by the pop-up, the verdict in its sentence, B's headline beside A's, the figures with their intervals.
  await expect(popupEntry.getByRole('heading', { level: 2 })).toHaveText('Поп-ап «Анонс «Готовитесь к собеседованию?»»');
  await expect(popupEntry).toContainText(
    'Вариант B приносит на 133 % больше заявок, чем A (скорее всего, от +31,3 до +314,5 %): это уже не случайность, его можно оставить.',
  );
  await expect(popupEntry).toContainText(`Начат${moscowTime(popupStarted)}, ${starter}`);
  await expect(popupEntry).toContainText(`Закончен${moscowTime(popupEnded)}, ${ender}`);
  await expect(popupEntry).toContainText('ИтогОставлен вариант B');
  const popupB = popupEntry.locator('tr[data-variant="B"]');
  await expect(popupB.getByRole('rowheader')).toHaveText('B (оставлен)');
  await expect(popupB.getByRole('cell')).toHaveText([
    `Заголовок: «${headlineA}» → «${headlineB}»`,
    '200',
    '70',
    '35 % (28,7 %–41,8 %)',
    '+133,3 % (от +31,3 до +314,5 %)',
  ]);
  await expect(popupEntry.locator('tr[data-variant="A"]').getByRole('cell')).toHaveText(['как было', '200', '30', '15 % (10,7 %–20,6 %)', 'основа']);

  // The page's test: named by the page, the page tests' sentence, the button's new label, too few visitors for a difference.
  await expect(pageEntry.getByRole('heading', { level: 2 })).toHaveText('Страница курса «TypeScript для фронтенд-разработчика»');
  await expect(pageEntry).toContainText('По заявкам пока рано судить; по выручке пока рано судить: оплат 0');
  await expect(pageEntry).toContainText(`Начат${moscowTime(pageStarted)}, ${starter}`);
  await expect(pageEntry).toContainText(`Закончен${moscowTime(pageEnded)}, ${ender}`);
  await expect(pageEntry).toContainText('ИтогТест остановлен без выбора: остался вариант A, как было');
  const pageB = pageEntry.locator('tr[data-variant="B"]');
  await expect(pageB.getByRole('cell').first()).toContainText(`Надпись на кнопке: «`);
  await expect(pageB.getByRole('cell').first()).toContainText(`» → «${buttonB}»`);
  await expect(pageB.getByRole('cell').nth(1)).toHaveText('30');
  await expect(pageB.getByRole('cell').nth(2)).toHaveText('0');
  await expect(pageB.getByRole('cell').nth(4)).toHaveText('—');
  expect(await seriousProblems(page)).toEqual([]);

  // The newest ended first: the page test ended a minute after the pop-up's.
  const titles = await entries.getByRole('heading', { level: 2 }).allInnerTexts();
  expect(titles.indexOf('Страница курса «TypeScript для фронтенд-разработчика»')).toBeLessThan(titles.indexOf('Поп-ап «Анонс «Готовитесь к собеседованию?»»'));

  // By page: only the page's tests.
  const search = page.getByRole('search', { name: 'Поиск по завершённым тестам' });
  await search.getByLabel('Страница или поп-ап').selectOption({ label: 'Страница курса «TypeScript для фронтенд-разработчика»' });
  await search.getByRole('button', { name: 'Найти' }).click();
  await expect(page).toHaveURL(/subject=page%3A%2Fproducts%2Ftypescript/);
  await expect(pageEntry).toHaveCount(1);
  await expect(popupEntry).toHaveCount(0);

  // By element: «Заголовок» over every page and pop-up finds the pop-up's test, not the page's (it changed the button).
  await search.getByLabel('Страница или поп-ап').selectOption({ label: 'Все' });
  await search.getByLabel('Что меняли').selectOption({ label: 'Заголовок' });
  await search.getByRole('button', { name: 'Найти' }).click();
  await expect(page).toHaveURL(/element=headline/);
  await expect(popupEntry).toHaveCount(1);
  await expect(pageEntry).toHaveCount(0);

  // The page with «Заголовок»: nothing, said in Russian.
  await search.getByLabel('Страница или поп-ап').selectOption({ label: 'Страница курса «TypeScript для фронтенд-разработчика»' });
  await search.getByRole('button', { name: 'Найти' }).click();
  await expect(page.getByText('Ничего не нашлось')).toBeVisible();
  expect(await seriousProblems(page)).toEqual([]);
  await page.getByRole('link', { name: 'Показать все' }).click();
  await expect(pageEntry).toHaveCount(1);
});
