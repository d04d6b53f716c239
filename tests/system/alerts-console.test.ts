/**
 * The console page «Уведомления» in a real browser against the built server: the exact labels,
 * invalid values refused beside their fields in Russian (nothing saved), «Отправить пробное уведомление»
 * with a result per recipient, «Сохранить» audited, and a lead then alerted to what the console saved.
 */
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { addOperators, launchChromium, signedIn } from './support/console';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/server/db/connection';
import { createRepositories } from '@/server/repositories';
import { startFakeSmtp, type FakeSmtp } from '@/tests/support/fake-smtp';
import { startFakeTelegram, type FakeTelegram } from '@/tests/support/fake-telegram';
import { freePort, leadBody, postLead, serverEnv, startNextServer, waitFor, type NextServer } from '@/tests/support/next-server';
import { systemSuite } from './support/suite';

const operator = { email: 'alerts-console@school-system.ru', password: 'alerts console password' };

describe('the console page «Уведомления»', () => {
  const suite = systemSuite('alerts-console');
  let telegram: FakeTelegram;
  let smtp: FakeSmtp;
  let server: NextServer;
  let browser: Browser;
  let file: string;

  beforeAll(async () => {
    [telegram, smtp] = await Promise.all([startFakeTelegram(), startFakeSmtp()]);
    file = path.join(suite.dir, 'console.db');
    const port = await freePort();
    server = await startNextServer(
      port,
      serverEnv({
        SQLITE_PATH: file,
        TELEGRAM_BOT_TOKEN: '123456:console-token',
        TELEGRAM_API_URL: telegram.url,
        SMTP_URL: smtp.url,
        LEAD_ALERT_FROM: 'site@school-system.example',
        // The console's own address (its session cookie and origin checks follow SITE_URL).
        SITE_URL: `http://127.0.0.1:${port}`,
      }),
    );
    suite.servers.push(server);
    await addOperators([operator], { dialect: 'sqlite', file });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([telegram?.close(), smtp?.close()]);
  });

  async function stored() {
    const handle = await openDatabase({ dialect: 'sqlite', file });
    try {
      const repos = createRepositories(handle);
      return { settings: await repos.settings.alertSettings(), audit: await repos.audit.list() };
    } finally {
      await handle.close();
    }
  }

  it('refuses bad values beside their fields, tests every recipient, saves with an audit entry, and the next lead follows it', async () => {
    const page = await signedIn(browser, server.url, operator);
    await page.getByRole('link', { name: 'Уведомления' }).click();
    await page.getByRole('heading', { level: 1, name: 'Уведомления' }).waitFor();
    const chats = page.getByLabel('Telegram-чаты', { exact: true });
    const emails = page.getByLabel('Адреса e-mail', { exact: true });
    const hours = page.getByLabel('Часы работы', { exact: true });
    const days = page.getByRole('group', { name: 'Рабочие дни' });
    for (const day of ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс']) await expect(days.getByRole('checkbox', { name: day, exact: true }).count()).resolves.toBe(1);
    const withoutPersonalData = page.getByRole('switch', { name: 'Без личных данных', exact: true });
    expect(await hours.inputValue()).toBe('10:00–19:00');

    // Refused, beside each field, in Russian; nothing saved.
    await chats.fill('424242\nне-чат');
    await emails.fill('manager@school-system.example\nBcc: x@y.example');
    await hours.fill('19:00–10:00');
    for (const day of ['Пн', 'Вт', 'Ср', 'Чт', 'Пт']) await days.getByRole('checkbox', { name: day, exact: true }).uncheck();
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await page.getByRole('status').getByText('Не сохранено: исправьте отмеченные поля').waitFor();
    await expect(chats.getAttribute('aria-invalid')).resolves.toBe('true');
    expect(await page.locator('#telegramChats-error').textContent()).toContain('«не-чат» — не номер чата');
    expect(await page.locator('#emails-error').textContent()).toContain('«bcc: x@y.example» — не адрес e-mail');
    expect(await page.locator('#hours-error').textContent()).toBe('Начало рабочего дня должно быть раньше конца (например, 10:00–19:00)');
    expect(await page.locator('#days-error').textContent()).toBe('Отметьте хотя бы один рабочий день');
    expect((await stored()).settings.telegramChats).toEqual([]);

    // Fixed; the test goes to every recipient, each with its result.
    await chats.fill('424242\n777');
    await emails.fill('manager@school-system.example');
    await hours.fill('00:00–24:00');
    for (const day of ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс']) await days.getByRole('checkbox', { name: day, exact: true }).check();
    await page.getByRole('button', { name: 'Отправить пробное уведомление', exact: true }).click();
    const results = page.getByRole('list', { name: 'Результат пробного уведомления' });
    await results.waitFor();
    expect(await results.getByRole('listitem').allTextContents()).toEqual([
      'Telegram 424242: доставлено',
      'Telegram 777: доставлено',
      'E-mail manager@school-system.example: доставлено',
    ]);
    expect(
      telegram
        .delivered()
        .map((call) => call.chatId)
        .sort(),
    ).toEqual(['424242', '777']);
    expect(smtp.received('manager@school-system.example')).toHaveLength(1);

    await withoutPersonalData.check();
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await page.getByRole('status').getByText('Сохранено').waitFor();
    const { settings, audit } = await stored();
    expect(settings).toMatchObject({
      telegramChats: ['424242', '777'],
      emails: ['manager@school-system.example'],
      openMinute: 0,
      closeMinute: 1440,
      days: [1, 2, 3, 4, 5, 6, 7],
      withoutPersonalData: true,
    });
    expect(audit.map((entry) => [entry.action, entry.actor])).toEqual(
      expect.arrayContaining([
        ['alerts_save', operator.email],
        ['alerts_test', operator.email],
      ]),
    );

    // The next lead goes to what the console saved, without personal data.
    telegram.reset();
    smtp.reset();
    const { email, body } = leadBody('alerts-console');
    expect((await postLead(server.url, body)).status).toBe(200);
    await waitFor('the alerts', async () => telegram.delivered().length === 2 && smtp.received().length === 1, 10_000);
    for (const text of [...telegram.delivered().map((call) => call.text), smtp.received()[0]!.text]) {
      expect(text).not.toContain(email);
      expect(text).not.toContain('79161234567');
      expect(text).toContain('Заявка с сайта');
    }

    // The lead's page names each of its alerts and how far it got.
    await page.goto('/admin/leads');
    await page.getByLabel('Поиск: имя, e-mail или телефон').fill(email);
    await page.getByRole('button', { name: 'Показать' }).click();
    await page.getByRole('table').getByRole('row').nth(1).getByRole('link').click();
    const alerts = page.getByRole('table', { name: 'Уведомления о заявке' });
    await alerts.waitFor();
    expect(await alerts.locator('tbody td:nth-child(1)').allTextContents()).toEqual([
      'Telegram 424242',
      'Telegram 777',
      'E-mail manager@school-system.example',
    ]);
    expect(await alerts.locator('tbody td:nth-child(2)').allTextContents()).toEqual(['доставлено', 'доставлено', 'доставлено']);

    // The log names both in Russian.
    await page.goto('/admin/audit');
    await page.getByText('Уведомления о заявках изменены').first().waitFor();
    await page.getByText('Пробное уведомление отправлено').first().waitFor();
  });
});
