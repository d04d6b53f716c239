/**
 * «Операторы», as the team uses it: an operator adds another through «Добавить оператора» and passes on
 * the one-time link; the invited person sets a name and a password and is in the console, and signs in
 * again later; the link works once. «Удалить» asks first, is not offered on one's own row, and removes the
 * other, whose session ends at once. Every step is in «Журнал».
 */
import { AxeBuilder } from './support/axe';
import type { Page } from '@playwright/test';
import { e2eBaseUrl } from './support/env';
import { expect, test } from './support/fixtures';
import { newOperator, signIn, signInThroughForm } from './support/operator';

/** What axe finds serious or critical on the page as it is now. */
async function seriousProblems(page: Page) {
  return (await new AxeBuilder({ page }).seriousViolations()).map((violation) => violation.id);
}

test('an operator is added through «Добавить оператора» and its link, signs in, and is removed with «Удалить», each in «Журнал»', async ({ page, browser }) => {
  test.slow();
  const anna = await signIn(page, await newOperator('operators-anna'));
  await page.getByRole('navigation', { name: 'Разделы консоли' }).getByRole('link', { name: 'Операторы' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Операторы' })).toBeVisible();

  // An operator's address is refused: they are in already.
  const email = `operators-boris-${Date.now()}@school-e2e.ru`;
  await page.getByLabel('Почта нового оператора').fill(anna.email);
  await page.getByRole('button', { name: 'Добавить оператора' }).click();
  await expect(page.getByText('Этот адрес уже принадлежит оператору консоли')).toBeVisible();

  await page.getByLabel('Почта нового оператора').fill(email);
  await page.getByRole('button', { name: 'Добавить оператора' }).click();
  const linkField = page.getByLabel('Ссылка-приглашение');
  await expect(linkField).toHaveValue(/\/admin\/join\//);
  const link = await linkField.inputValue();
  expect(link).toMatch(new RegExp(`^${e2eBaseUrl}/admin/join/[A-Za-z0-9_-]{43}$`));
  await expect(page.getByText(`Ссылка для ${email} действует до`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Копировать ссылку' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Приглашения, которые ещё не приняты' }).getByRole('row').filter({ hasText: email })).toHaveCount(1);
  expect(await seriousProblems(page), 'the page with the link shown').toEqual([]);

  // The invited person, in a browser of their own.
  const invited = await browser.newContext();
  const invitedPage = await invited.newPage();
  await invitedPage.goto(link);
  await expect(invitedPage.getByRole('heading', { level: 1, name: 'Приглашение в консоль' })).toBeVisible();
  await expect(invitedPage.getByText(email)).toBeVisible();
  expect(await seriousProblems(invitedPage), "the invitation's page").toEqual([]);
  await invitedPage.getByLabel('Ваше имя').fill('Борис Приглашённый');
  await invitedPage.getByLabel('Пароль', { exact: true }).fill('короткий');
  await invitedPage.getByLabel('Пароль ещё раз').fill('короткий');
  await invitedPage.getByRole('button', { name: 'Принять приглашение' }).click();
  await expect(invitedPage.getByText('Пароль слишком короткий: нужно не меньше 12 символов')).toBeVisible();
  await expect(invitedPage.getByLabel('Ваше имя')).toHaveValue('Борис Приглашённый');
  const password = 'пароль Бориса для e2e';
  await invitedPage.getByLabel('Пароль', { exact: true }).fill(password);
  await invitedPage.getByLabel('Пароль ещё раз').fill(password);
  await invitedPage.keyboard.press('Enter');
  await expect(invitedPage.getByRole('heading', { level: 1, name: 'Обзор' })).toBeVisible();
  // Signed out and in again with the password they chose.
  await invitedPage.getByRole('button', { name: 'Выйти' }).click();
  await signInThroughForm(invitedPage, { email, password });

  // The link let them in once.
  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  await strangerPage.goto(link);
  await expect(strangerPage.getByText('Это приглашение уже принято: войдите с почтой и паролем')).toBeVisible();
  await stranger.close();

  // The list shows them by name with their last sign-in.
  await page.reload();
  const operators = page.getByRole('table', { name: 'Операторы консоли' });
  const row = operators.getByRole('row').filter({ hasText: email });
  await expect(row.getByRole('cell').nth(0)).toHaveText('Борис Приглашённый');
  await expect(row.getByRole('cell').nth(2)).toHaveText(/^\d\d\.\d\d\.\d{4}, \d\d:\d\d$/);
  await expect(page.getByRole('table', { name: 'Приглашения, которые ещё не приняты' }).getByRole('row').filter({ hasText: email })).toHaveCount(0);

  // Never oneself: her own row offers no «Удалить» at all.
  await expect(operators.getByRole('row').filter({ hasText: anna.email }).getByRole('button')).toHaveCount(0);

  // «Отмена» keeps them; then by keyboard alone: the button, the dialog's «Удалить».
  await row.getByRole('button', { name: `Удалить оператора ${email}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Удалить оператора?' });
  await expect(dialog).toContainText(email);
  expect(await seriousProblems(page), 'the confirmation').toEqual([]);
  await dialog.getByRole('button', { name: 'Отмена' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Удалить оператора ${email}` }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Удалить' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Оператор ${email} удалён, его сеансы закончены`)).toBeVisible();
  await expect(row).toHaveCount(0);

  // Their session is over at once.
  await invitedPage.goto('/admin');
  await expect(invitedPage).toHaveURL(/\/admin\/sign-in$/);
  await invited.close();

  await page.getByRole('link', { name: 'Журнал' }).click();
  const journal = page.getByRole('row');
  await expect(journal.filter({ hasText: 'Приглашён оператор' }).filter({ hasText: email }).filter({ hasText: anna.email })).toHaveCount(1);
  await expect(journal.filter({ hasText: 'Оператор принял приглашение' }).filter({ hasText: email })).toHaveCount(1);
  await expect(journal.filter({ hasText: 'Оператор удалён' }).filter({ hasText: email }).filter({ hasText: anna.email })).toHaveCount(1);
});
