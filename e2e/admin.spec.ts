import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { addOperator } from './support/operator';

const operator = { email: 'operator@school-e2e.ru', password: 'e2e operator password' };

test.beforeAll(() => addOperator(operator.email, operator.password));

async function signIn(page: Page) {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
  await page.getByLabel('Почта').fill(operator.email);
  await page.getByLabel('Пароль').fill(operator.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Обзор' })).toBeVisible();
}

test('an operator signs in with an httpOnly SameSite session cookie and signs out', async ({ page, context }) => {
  await page.goto('/admin/sign-in');
  await page.getByLabel('Почта').fill(operator.email);
  await page.getByLabel('Пароль').fill('not the password');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Неверная почта или пароль')).toBeVisible();

  await signIn(page);
  const session = (await context.cookies()).find((cookie) => cookie.name.includes('session_token'));
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
  const response = await page.request.get('/admin');
  expect(response.headers()['cache-control']).toMatch(/private/);
  expect(response.headers()['cache-control']).toMatch(/no-store/);
  expect(response.headers()['x-robots-tag']).toBe('noindex, nofollow');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
});
