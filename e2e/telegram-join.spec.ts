/**
 * A sales manager joins the lead alerts by the bot's link, as the team does it: «Подключить менеджера»
 * on «Уведомления» shows the link `https://t.me/<bot>?start=<code>` and its QR code; the manager presses
 * «Start» (the fake Telegram behind the stack gives the bot `/start <code>` through getUpdates); the page
 * then lists them by their Telegram name, with no chat id typed or shown; the next lead reaches their chat.
 * «Убрать» takes them off again (so the stack's other leads alert no one).
 */
import { AxeBuilder } from './support/axe';
import type { Page } from '@playwright/test';
import { e2eBaseUrl } from './support/env';
import { expect, test } from './support/fixtures';
import { newOperator, signIn } from './support/operator';
import { LEADS_ENDPOINT } from '../lib/api-contract';

/** What axe finds serious or critical on the page as it is now. */
async function seriousProblems(page: Page) {
  return (await new AxeBuilder({ page }).seriousViolations()).map((violation) => violation.id);
}

test('a manager joins alerts through the bot link and gets the next lead', async ({ page, fakeTelegram }) => {
  test.slow();
  const operator = await signIn(page, await newOperator('telegram-join'));
  await page.getByRole('navigation', { name: 'Разделы консоли' }).getByRole('link', { name: 'Уведомления' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Уведомления' })).toBeVisible();

  // Open round the clock, so the next lead's alert is due at once whenever the test runs.
  await page.getByLabel('Часы работы', { exact: true }).fill('00:00–24:00');
  const days = page.getByRole('group', { name: 'Рабочие дни' });
  for (const day of ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс']) await days.getByRole('checkbox', { name: day, exact: true }).check();
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(page.getByText('Сохранено', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Подключить менеджера' }).click();
  const botLink = page.getByRole('link', { name: /^https:\/\/t\.me\// });
  await expect(botLink).toBeVisible();
  const link = (await botLink.getAttribute('href'))!;
  expect(link).toMatch(/^https:\/\/t\.me\/school_alerts_test_bot\?start=[A-Za-z0-9_-]{32}$/);
  const qr = page.getByRole('img', { name: 'QR-код ссылки на бота' });
  await expect(qr).toBeVisible();
  await expect(qr.locator('svg')).toHaveCount(1);
  await expect(page.getByText(/Ссылка одноразовая и действует до/)).toBeVisible();
  expect(await seriousProblems(page), 'the link and its QR code shown').toEqual([]);

  // The manager scans it and presses «Start»: Telegram hands the bot `/start <code>`.
  const chatId = 900_000_000 + Math.floor(Math.random() * 90_000_000);
  const code = new URL(link).searchParams.get('start')!;
  await fakeTelegram.pressStart({ chatId, firstName: 'Вера', lastName: 'Менеджерова', username: 'vera_sales', text: `/start ${code}` });

  // The page follows by itself and names the manager; no chat id anywhere.
  const managers = page.getByRole('table', { name: 'Менеджеры, подключённые в Telegram' });
  await expect(managers.getByRole('row').filter({ hasText: 'Вера Менеджерова (@vera_sales)' })).toHaveCount(1, { timeout: 20_000 });
  await expect(managers.getByRole('row').filter({ hasText: 'Вера Менеджерова' })).toContainText(operator.email);
  await expect(page.getByLabel('Telegram-чаты', { exact: true })).not.toHaveValue(new RegExp(String(chatId)));
  expect(await page.getByRole('main').innerText()).not.toContain(String(chatId));
  await expect.poll(async () => (await fakeTelegram.delivered(chatId)).map((message) => message.text).join('\n')).toContain('Готово, Вера Менеджерова');

  // The next lead reaches the manager's chat.
  const visitor = { name: 'Пётр Заявкин', email: `telegram-join-${Date.now()}@example.com`, phone: '+7 916 765-43-22' };
  const lead = await page.request.post(LEADS_ENDPOINT, {
    headers: { origin: e2eBaseUrl },
    data: { extra: { utm: { source: 'telegram-join-e2e' }, page_path: '/products/git' }, form: { id: 'contact' }, contacts: visitor, website: '' },
  });
  expect(lead.ok()).toBe(true);
  await expect
    .poll(async () => (await fakeTelegram.delivered(chatId)).map((message) => message.text).join('\n'), {
      timeout: 20_000,
      message: "the lead's alert in the manager's chat",
    })
    .toContain(visitor.email);

  // «Убрать», asked first; the manager is off the list.
  await managers.getByRole('button', { name: 'Убрать Вера Менеджерова из уведомлений' }).click();
  await page.getByRole('dialog', { name: 'Убрать менеджера из уведомлений?' }).getByRole('button', { name: 'Убрать' }).click();
  await expect(page.getByText('Пока никто не подключился по ссылке.')).toBeVisible();

  await page.getByRole('link', { name: 'Журнал' }).click();
  const journal = page.getByRole('row');
  await expect(journal.filter({ hasText: 'Создана ссылка для менеджера на бота уведомлений' }).filter({ hasText: operator.email })).toHaveCount(1);
  await expect(journal.filter({ hasText: 'Менеджер подключился к уведомлениям в Telegram' }).filter({ hasText: 'Вера Менеджерова' })).toHaveCount(1);
  await expect(journal.filter({ hasText: 'Менеджер убран из уведомлений в Telegram' }).filter({ hasText: 'Вера Менеджерова' })).toHaveCount(1);
});
