import { AxeBuilder } from './support/axe';
import type { Browser } from '@playwright/test';
import { popupName } from '../content/names';
import { popupId, popups, type LeadFormPopupConfig } from '../content/popups';
import { advanceTo, openWithPopupClock } from '../tests/support/popup-visit';
import { popupVersion, restorePopupFromFile, withE2eDatabase } from './support/database';
import { expect, test } from './support/fixtures';
import { newOperator, signIn } from './support/operator';

/**
 * A marketer changes a pop-up in the console and a fresh visitor sees it, with no build. Each
 * test steers a lead-form pop-up of its own that no other spec relies on (tests run in parallel on one
 * database), and puts it back as the file had it at the end.
 */

const discountOn = (path: string) =>
  popups.find((popup): popup is LeadFormPopupConfig => popup.content.kind === 'discount' && popup.includePaths.includes(path))!;
const layout = discountOn('/products/advanced-html-css/cvrna');
const firstStage = discountOn('/products/first-stage/cvrna');

/** A new visitor (own context: no cookie, no cache) on `path`, with a clock the test moves. */
async function freshVisitor(browser: Browser, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openWithPopupClock(page, path);
  return { page, close: () => context.close() };
}

test("a marketer changes a pop-up's headline and delay, switches it off and rolls it back; fresh visitors follow", async ({ page, browser }) => {
  test.setTimeout(150_000);
  const id = popupId(layout);
  const path = layout.includePaths[0]!;
  const original = layout.content.kind === 'discount' ? layout.content.title : '';
  const headline = 'Скидка 7% только сегодня';
  const operator = await signIn(page, await newOperator('popup-editor'));
  // The pop-up's versions so far: another spec's run may have made some (the autopilot's tests start on it).
  const start = await popupVersion(id);
  try {
    await page.goto('/admin/popups');
    // The list names the pop-up by its purpose, says where it shows and that it is on.
    const listed = page.getByRole('row').filter({ has: page.getByRole('link', { name: popupName(id), exact: true }) });
    await expect(listed).toContainText('Лендинг «Скидка во всплывающем окне» курса «Продвинутая вёрстка: HTML и CSS»');
    await expect(listed).toContainText('включён');
    await listed.getByRole('link', { name: popupName(id), exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Поп-ап «${popupName(id)}»` })).toBeVisible();
    await expect(page.getByText(/Будет показываться на 1 странице/)).toBeVisible();
    await page.getByLabel('Заголовок').fill(headline);
    await page.getByLabel('Задержка, секунд').fill('10');
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await expect(page.getByRole('status')).toContainText(`Сохранено: версия ${start + 1}`);

    // A fresh visitor: nothing before 10 s, the new headline after, with no rebuild.
    const visitor = await freshVisitor(browser, path);
    await advanceTo(visitor.page, 8_000);
    await expect(visitor.page.getByRole('dialog')).toHaveCount(0);
    await advanceTo(visitor.page, 11_000);
    await expect(visitor.page.getByRole('dialog', { name: headline })).toBeVisible();
    await visitor.close();

    // Switched off: a fresh visitor sees none, however long they stay.
    await page.reload();
    await page.getByRole('switch', { name: 'Показывать' }).uncheck();
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await expect(page.getByRole('status')).toContainText(`Сохранено: версия ${start + 2}`);
    const away = await freshVisitor(browser, path);
    await advanceTo(away.page, 700_000);
    await expect(away.page.getByRole('dialog')).toHaveCount(0);
    await away.close();

    // History, newest first; the file's version brought back.
    await page.reload();
    const rows = page.getByRole('table', { name: 'Версии поп-апа, новые сверху' }).getByRole('row');
    await expect(rows.nth(1)).toContainText(operator.email);
    await expect(rows.nth(1)).toContainText('показ');
    await expect(rows.last()).toContainText('из файла content/popups.ts');
    // It asks first: «Отмена» changes nothing, «Да, вернуть версию 1» brings it back.
    await rows
      .last()
      .getByRole('button', { name: /Вернуть эту версию/ })
      .click();
    const confirmation = page.getByRole('dialog', { name: /^Вернуть версию 1\?/ });
    await expect(confirmation.getByRole('button', { name: 'Да, вернуть версию 1' })).toBeFocused();
    expect(await new AxeBuilder({ page }).include('table').seriousViolations()).toEqual([]);
    await confirmation.getByRole('button', { name: 'Отмена' }).click();
    await expect(confirmation).toHaveCount(0);
    expect(await popupVersion(id)).toBe(start + 2);
    await rows
      .last()
      .getByRole('button', { name: /Вернуть эту версию/ })
      .click();
    await confirmation.getByRole('button', { name: 'Да, вернуть версию 1' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Версия возвращена: теперь это версия ${start + 3}` })).toBeVisible();
    await expect(rows.nth(1)).toContainText('возвращена версия 1');
    const back = await freshVisitor(browser, path);
    await advanceTo(back.page, layout.showDelayMs + 1_000);
    await expect(back.page.getByRole('dialog', { name: original })).toBeVisible();
    await back.close();

    // Each change is in the audit log.
    await page.goto('/admin/audit');
    const named = page.getByRole('row').filter({ hasText: operator.email });
    await expect(named.filter({ hasText: `Изменён поп-ап «${popupName(id)}»: заголовок, задержка` })).toHaveCount(1);
    await expect(named.filter({ hasText: `Изменён поп-ап «${popupName(id)}»: выключен` })).toHaveCount(1);
    await expect(named.filter({ hasText: `Поп-ап «${popupName(id)}»: возвращена версия 1 (теперь это версия ${start + 3})` })).toHaveCount(1);
  } finally {
    await restorePopupFromFile(id);
  }
});

test('each mistake is refused in Russian beside its field, the typed values stay and nothing is saved', async ({ page }) => {
  const id = popupId(firstStage);
  await signIn(page, await newOperator('popup-mistakes'));
  await page.goto(`/admin/popups/${id}`);
  const versions = () => withE2eDatabase(async ({ repos }) => (await repos.popups.history(id)).length);
  const before = await versions();
  const cases: { fill: Record<string, string>; message: string }[] = [
    { fill: { 'Задержка, секунд': '-5' }, message: 'Задержка не может быть отрицательной: 0 — показать сразу' },
    { fill: { 'Задержка, секунд': '601' }, message: 'Задержка — не больше 600 секунд (10 минут): позже поп-ап почти никто не увидит' },
    { fill: { 'Показывать с': '2026-12-20T10:00', 'Показывать до': '2026-12-19T10:00' }, message: 'Конец показа должен быть позже начала' },
    { fill: { Заголовок: '' }, message: 'Заполните это поле' },
  ];
  for (const { fill, message } of cases) {
    await page.reload();
    for (const [label, value] of Object.entries(fill)) await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await expect(page.getByRole('status')).toHaveText('Не сохранено: исправьте отмеченные поля.');
    await expect(page.getByText(message)).toBeVisible();
    for (const [label, value] of Object.entries(fill)) await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
  }
  expect(await versions()).toBe(before);
});

test('a gift price above the struck-out one is refused', async ({ page }) => {
  const gift = popups.find((popup) => popup.content.kind === 'gift')!;
  const id = popupId(gift);
  await signIn(page, await newOperator('popup-gift'));
  await page.goto(`/admin/popups/${id}`);
  await page.getByLabel('Цена подарка, ₽').fill('20000');
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(page.getByText('Цена подарка (20\u00a0000\u00a0₽) должна быть ниже зачёркнутой цены (13\u00a0790\u00a0₽)')).toBeVisible();
  await expect(page.getByLabel('Цена подарка, ₽')).toHaveValue('20000');
  expect(await popupVersion(id)).toBe(1);
});

test('the pop-up console needs a session, and the public list is read-only', async ({ page, request }) => {
  await page.goto(`/admin/popups/${popupId(layout)}`);
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
  const answer = await request.get('/api/popups');
  expect(answer.headers()['cache-control']).toBe('public, max-age=30, s-maxage=30');
  expect(JSON.stringify(await answer.json())).not.toMatch(/school-e2e\.ru|history|enabled/);
  expect((await request.post('/api/popups', { data: {} })).status()).toBe(405);
});

test('«Предпросмотр» shows the unsaved texts at once with its form disabled, leaving no cookie, no figure and no version', async ({ page, context }) => {
  // A pop-up no other test saves: the preview must not make a version.
  const frontend = discountOn('/products/junior-js/cvrna');
  const id = popupId(frontend);
  await signIn(page, await newOperator('popup-preview'));
  await page.goto(`/admin/popups/${id}`);
  await page.getByLabel('Заголовок', { exact: true }).fill('Черновик заголовка');
  const beacons: string[] = [];
  context.on('request', (request) => {
    if (request.url().includes('/api/popup-events')) beacons.push(request.url());
  });
  const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Предпросмотр' }).click()]);
  await tab.waitForURL(/\?popup-preview=1$/);
  const dialog = tab.getByRole('dialog', { name: 'Черновик заголовка' });
  await expect(dialog).toBeVisible();
  // Its form is there to be seen, not sent: a preview never files a lead.
  await expect(dialog.getByText('Это предпросмотр: форма здесь не отправляет заявку.')).toBeVisible();
  await expect(dialog.locator('button[type="submit"]')).toBeDisabled();
  await tab.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect((await context.cookies()).map((cookie) => cookie.name).filter((name) => name.startsWith('timeoutPopupIsHidden'))).toEqual([]);
  expect(beacons).toEqual([]);
  expect(await popupVersion(id)).toBe(1);
  // The console keeps what was typed.
  await expect(page.getByLabel('Заголовок', { exact: true })).toHaveValue('Черновик заголовка');
  // A visitor asking for a preview gets none: there is no draft in their browser.
  const visitor = await (await page.context().browser()!.newContext()).newPage();
  await visitor.goto(`${frontend.includePaths[0]}?popup-preview=1`);
  await visitor.waitForLoadState('networkidle');
  await expect(visitor.getByRole('dialog')).toHaveCount(0);
  await visitor.context().close();
});

test('two operators saving the same pop-up: the second is told it changed meanwhile', async ({ page, browser }) => {
  const frontend = discountOn('/frontend-developer/cvrna');
  const id = popupId(frontend);
  await signIn(page, await newOperator('popup-first'));
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signIn(other, await newOperator('popup-second'));
  const version = () => popupVersion(id);
  try {
    const before = await version();
    const save = async (text: string, saved: number) => {
      await page.getByLabel('Текст', { exact: true }).fill(text);
      await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
      await expect(page.getByRole('status')).toContainText(`Сохранено: версия ${saved}`);
    };
    await page.goto(`/admin/popups/${id}`);
    await save('Первый оператор', before + 1);
    // The second operator opens the page now (its history offers a version to bring back)…
    await other.goto(`/admin/popups/${id}`);
    // …and the first saves again meanwhile.
    await save('Первый оператор, правка', before + 2);
    await other.getByLabel('Текст', { exact: true }).fill('Второй оператор');
    await other.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await expect(other.getByRole('status')).toContainText('Пока вы редактировали, этот поп-ап сохранил кто-то другой');
    await expect(other.getByLabel('Текст', { exact: true })).toHaveValue('Второй оператор');
    expect(await version()).toBe(before + 2);
    // A version brought back from the stale page is refused the same way, with a word, not silently.
    await other
      .getByRole('table', { name: 'Версии поп-апа, новые сверху' })
      .getByRole('button', { name: /Вернуть эту версию/ })
      .first()
      .click();
    await other
      .getByRole('dialog')
      .getByRole('button', { name: /^Да, вернуть версию/ })
      .click();
    await expect(other.getByRole('alert').filter({ hasText: 'Версия не возвращена: пока страница была открыта, поп-ап изменил кто-то другой' })).toBeVisible();
    expect(await version()).toBe(before + 2);
  } finally {
    await otherContext.close();
    await restorePopupFromFile(id);
  }
});
