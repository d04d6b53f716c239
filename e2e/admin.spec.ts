import fs from 'node:fs';
import { AxeBuilder } from './support/axe';
import * as XLSX from 'xlsx';
import type { ReceivedRequest } from '../tests/support/fake-getcourse';
import { deliveriesOf, popupCounts, withE2eDatabase } from './support/database';
import { sentDeliveryMadeDead } from '../server/testing/seed';
import { e2eBaseUrl, e2eRunningGift } from './support/env';
import { expect, test } from './support/fixtures';
import { moscowDayTime } from '../components/console/moscow-time';
import { giftName, popupName } from '../content/names';
import { newOperator, newOperatorWithCli, signIn, signInThroughForm } from './support/operator';
import { fromAddress } from './support/visitor-address';
import { LEADS_ENDPOINT } from '../lib/api-contract';

test('an operator signs in with an httpOnly SameSite session cookie and signs out', async ({ page, context }) => {
  const operator = newOperatorWithCli('session');
  await page.goto('/admin/sign-in');
  await page.getByLabel('Почта').fill(operator.email);
  await page.getByLabel('Пароль').fill('not the password');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Неверная почта или пароль')).toBeVisible();

  await signInThroughForm(page, operator);
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

/** A workbook's first sheet. */
const sheetOf = (workbook: XLSX.WorkBook) => workbook.Sheets[workbook.SheetNames[0]!]!;

/** The deal numbers of every import of `email` the fake GetCourse received, in order. */
function dealNumbersOf(received: ReceivedRequest[], email: string): string[] {
  return received
    .filter((request) => request.path === '/pl/api/deals' && JSON.stringify(request.params).includes(email))
    .map((request) => (request.params as { deal: { deal_number: string } }).deal.deal_number);
}

// «Отправить заново все недоставленные» re-sends every dead delivery there is: the tests that make some run one after the other.
test.describe.serial('dead deliveries', () => {
  test('an operator finds a lead by e-mail, re-sends its dead delivery under the same deal number and exports it as CSV', async ({ page, fakeGetCourse }) => {
    const visitor = { name: 'Иван Админов', email: `admin-e2e-${Date.now()}@example.com`, phone: '+7 916 765-43-21' };
    // A real lead through the site's API, delivered once by the worker...
    const lead = await page.request.post(LEADS_ENDPOINT, {
      headers: { origin: e2eBaseUrl },
      data: { extra: { utm: { source: 'admin-e2e' }, page_path: '/products/git' }, form: { id: 'contact' }, contacts: visitor, website: '' },
    });
    expect(lead.ok()).toBe(true);
    const [dealNumber] = dealNumbersOf(await fakeGetCourse.waitFor((all) => dealNumbersOf(all, visitor.email).length === 1), visitor.email);
    const statusOf = async () => (await deliveriesOf(visitor.email))[0]?.status;
    await expect.poll(statusOf).toBe('sent');
    // ...then, as if GetCourse had refused it every time, given up on.
    const [delivered] = await deliveriesOf(visitor.email);
    await withE2eDatabase((database) => sentDeliveryMadeDead(database, delivered!.id, { attempts: 20 }));

    await signIn(page, await newOperator('leads'));
    await page.getByRole('link', { name: 'Заявки' }).click();
    await page.getByLabel('Поиск: имя, e-mail или телефон').fill(visitor.email.toUpperCase());
    await page.getByRole('button', { name: 'Показать' }).click();
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText(visitor.name);
    await rows.nth(1).getByRole('link').click();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Заявка №\d+$/);
    const delivery = page.getByRole('table').getByRole('row').nth(1);
    await expect(delivery).toContainText(dealNumber!);
    await expect(delivery).toContainText('не доставлена');
    await expect(delivery).toContainText('GetCourse не ответил (ошибка сервера). Попытки закончились');
    await expect(delivery).not.toContainText('http_5xx');
    await delivery.getByRole('button', { name: 'Отправить заново' }).click();

    const again = dealNumbersOf(await fakeGetCourse.waitFor((all) => dealNumbersOf(all, visitor.email).length === 2), visitor.email);
    expect(again).toEqual([dealNumber, dealNumber]);
    // The page follows the delivery by itself: no reload.
    await expect(page.getByRole('table').getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText('доставлена', { timeout: 20_000 });

    await page.goto(`/admin/leads?utm_source=admin-e2e&q=${encodeURIComponent(visitor.email)}`);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: /Выгрузить CSV/ }).click();
    const bytes = fs.readFileSync(await (await download).path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^ID;Дата \(МСК\);Форма;Продукт;Имя;E-mail;Телефон;utm_source;/);
    expect(lines).toHaveLength(2);
    // The phone and the deal number in the form Excel keeps as text.
    expect(lines[1]).toContain(`;Иван Админов;${visitor.email};"=""+79167654321""";admin-e2e;`);
    expect(lines[1]).toMatch(new RegExp(`;доставлена;"=""${dealNumber}""";$`));
    // The same row as an Excel file: the phone and the deal number as text cells.
    const xlsxDownload = page.waitForEvent('download');
    await page.getByRole('link', { name: /Выгрузить в Excel/ }).click();
    const sheet = sheetOf(XLSX.read(fs.readFileSync(await (await xlsxDownload).path()), { type: 'buffer' }));
    const sheetRows = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, raw: false, defval: '' });
    expect(sheetRows).toHaveLength(2);
    expect(sheetRows[0]).toEqual(lines[0]!.split(';'));
    const cellOf = (title: string) => sheet[XLSX.utils.encode_cell({ r: 1, c: sheetRows[0]!.indexOf(title) })];
    expect(cellOf('Телефон')).toMatchObject({ t: 's', v: '+79167654321' });
    expect(cellOf('Номер сделки')).toMatchObject({ t: 's', v: dealNumber });
    expect(cellOf('Имя')).toMatchObject({ t: 's', v: 'Иван Админов' });
  });

  test('«Отправить заново все недоставленные» says what is true: while GetCourse is down the leads wait, said so with the next attempt; then the list follows them to «доставлена»', async ({
    page,
    fakeGetCourse,
  }) => {
    test.slow();
    const tag = `resend-all-e2e-${Date.now()}`;
    const emails = [`${tag}-1@example.com`, `${tag}-2@example.com`];
    for (const email of emails) {
      const lead = await page.request.post(LEADS_ENDPOINT, {
        headers: { origin: e2eBaseUrl },
        data: {
          extra: { utm: { source: tag }, page_path: '/products/git' },
          form: { id: 'contact' },
          contacts: { name: 'Ольга Повторова', email, phone: '+7 916 111-22-33' },
          website: '',
        },
      });
      expect(lead.ok()).toBe(true);
    }
    await fakeGetCourse.waitFor((all) => emails.every((email) => dealNumbersOf(all, email).length === 1));
    for (const email of emails) {
      await expect.poll(async () => (await deliveriesOf(email))[0]?.status).toBe('sent');
      const [delivered] = await deliveriesOf(email);
      await withE2eDatabase((database) => sentDeliveryMadeDead(database, delivered!.id, { attempts: 20 }));
    }
    // GetCourse is still down for these leads when she presses the button.
    await fakeGetCourse.outage(tag, true);
    try {
      await signIn(page, await newOperator('resend-all'));
      await page.goto(`/admin/leads?utm_source=${tag}`);
      const deliveryCells = page.getByRole('table').getByRole('row').filter({ hasText: 'Ольга Повторова' }).locator('td:nth-child(7)');
      await expect(deliveryCells).toHaveText(['не доставлена', 'не доставлена']);
      const resend = page.getByRole('button', { name: /^Отправить заново все недоставленные \(\d+\)$/ });
      const dead = Number(/\((\d+)\)/.exec((await resend.textContent()) ?? '')?.[1]);
      expect(dead).toBeGreaterThanOrEqual(2);
      await resend.click();

      // Only what was done: back in the queue, never «sent».
      await expect(page.getByRole('status').filter({ hasText: 'Снова в очереди' })).toHaveText(
        `Снова в очереди на отправку в GetCourse: ${dead}. Доставлена ли каждая, видно в списке.`,
      );
      await fakeGetCourse.waitFor((all) => emails.every((email) => dealNumbersOf(all, email).length === 2));
      // The attempt failed: the leads stay in the list as waiting, and the page says why and when they are tried again.
      const waiting = page.getByRole('status').filter({ hasText: 'GetCourse пока не отвечает' });
      await expect(waiting).toContainText(/^\d+ заявк[аи]? жд(ёт|ут): GetCourse пока не отвечает, попробуем снова в \d\d:\d\d/, { timeout: 20_000 });
      await expect(deliveryCells).toHaveText(['ждёт отправки', 'ждёт отправки']);
      expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
      await waiting.getByRole('link', { name: 'Показать их в списке' }).click();
      await expect(page).toHaveURL(/delivery=retrying/);
      for (const email of emails) await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(1);

      // «Обзор» counts them, and the count is a link to the same list.
      await page.goto('/admin');
      await page.getByRole('link', { name: /^Повторяются после ошибки: \d+$/ }).click();
      await expect(page).toHaveURL(/delivery=retrying/);
      for (const email of emails) await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(1);
    } finally {
      await fakeGetCourse.outage(tag, false);
    }

    // GetCourse answers again: the list follows them to «доставлена» by itself.
    await page.goto(`/admin/leads?utm_source=${tag}`);
    const deliveryCells = page.getByRole('table').getByRole('row').filter({ hasText: 'Ольга Повторова' }).locator('td:nth-child(7)');
    await expect(deliveryCells).toHaveText(['доставлена', 'доставлена'], { timeout: 60_000 });
    await expect(page.getByRole('button', { name: /Отправить заново все недоставленные/ })).toHaveCount(0);
  });
});

/** `2026-11-23T15:04` in Moscow, as a datetime-local field takes it. */
const moscowInput = (timestamp: number) => new Date(timestamp + 3 * 3_600_000).toISOString().slice(0, 16);

test('an operator adds a gift window the public schedule serves at once, and an edited window changes the public tab', async ({ page, browser }) => {
  const hour = 3_600_000;
  await signIn(page, await newOperator('gifts'));
  // The stack runs a gift window through the whole test run: the new one goes after every window there is.
  const before = (await (await page.request.get('/api/gift-schedule')).json()) as { endTimestamp: number }[];
  const start = Math.ceil((Math.max(Date.now(), ...before.map((w) => w.endTimestamp)) + hour) / 60_000) * 60_000;
  await page.getByRole('link', { name: 'Окна подарков' }).click();
  const form = page.getByRole('form', { name: 'Новое окно' });
  // The gift is chosen by its name; the window is listed by it, with its dates in words.
  await form.getByLabel('Подарок').selectOption({ label: giftName(5) });
  await form.getByLabel('Начало (МСК)').fill(moscowInput(start));
  await form.getByLabel('Конец (МСК)').fill(moscowInput(start + 2 * hour));
  await form.getByRole('button', { name: 'Добавить окно' }).click();
  await expect(form.getByText(`Добавлено: «${giftName(5)}»: ${moscowDayTime(start)} – ${moscowDayTime(start + 2 * hour)}`)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: `начнётся ${moscowDayTime(start)}` });
  await expect(row).toHaveCount(1);

  // The same rules as the CLI: an overlapping window is refused, in Russian.
  await form.getByLabel('Подарок').selectOption({ label: giftName(6) });
  await form.getByLabel('Начало (МСК)').fill(moscowInput(start + hour));
  await form.getByLabel('Конец (МСК)').fill(moscowInput(start + 3 * hour));
  await form.getByRole('button', { name: 'Добавить окно' }).click();
  await expect(form.getByText(`Пересекается с окном «${giftName(5)}»`)).toBeVisible();

  // A visitor (a fresh browser: nothing cached) gets the window from the endpoint the gift tab reads.
  const visitor = await browser.newContext();
  const schedule = await (await visitor.request.get('/api/gift-schedule')).json();
  // Each window comes with its gift's struck-out price and discount, worked out on the server.
  expect(schedule).toContainEqual(
    expect.objectContaining({
      giftNumber: 5,
      startTimestamp: start,
      endTimestamp: start + 2 * hour,
      oldPrice: expect.any(Number),
      discount: expect.any(Number),
    }),
  );
  await visitor.close();

  // The running window, edited in the console, changes the public tab without a deploy: ending it in
  // 3 hours (still past this run, under the 6 hours other tests allow) shows 02:xx left; then put back.
  const visitorTab = async () => {
    const context = await browser.newContext();
    const tabPage = await context.newPage();
    await tabPage.goto('/about');
    const text = await tabPage.getByRole('button', { name: /Заберите подарок от Санты/ }).textContent();
    await context.close();
    return text ?? '';
  };
  expect(await visitorTab()).toMatch(/Не упустите: 0[3-5]:/);
  const running = page.getByRole('row').filter({ hasText: 'идёт сейчас' });
  await expect(running.getByRole('cell').first()).toHaveText(giftName(e2eRunningGift.giftNumber));
  await running.getByRole('link', { name: /^Изменить окно/ }).click();
  const edit = page.getByRole('form', { name: /^Изменить окно/ });
  const originalEnd = await edit.getByLabel('Конец (МСК)').inputValue();
  await edit.getByLabel('Конец (МСК)').fill(moscowInput(Math.floor(Date.now() / 60_000) * 60_000 + 3 * hour));
  await edit.getByRole('button', { name: 'Сохранить' }).click();
  await expect(edit.getByText(`Сохранено: «${giftName(e2eRunningGift.giftNumber)}»`, { exact: false })).toBeVisible();
  expect(await visitorTab()).toMatch(/Не упустите: 02:/);
  await edit.getByLabel('Конец (МСК)').fill(originalEnd);
  await edit.getByRole('button', { name: 'Сохранить' }).click();
  await expect(edit.getByText(`Сохранено: «${giftName(e2eRunningGift.giftNumber)}»`, { exact: false })).toBeVisible();
  await page.goto('/admin/gift-windows');

  // Other tests share this stack: the window goes again.
  await row.getByRole('button', { name: /^Удалить окно/ }).click();
  await expect(page.getByRole('row').filter({ hasText: `начнётся ${moscowDayTime(start)}` })).toHaveCount(0);
  await page.getByRole('link', { name: 'Журнал' }).click();
  const added = `Добавлено окно подарка «${giftName(5)}»: ${moscowDayTime(start)}`;
  await expect(page.getByRole('row').filter({ hasText: added }).filter({ hasText: 'gifts@school-e2e.ru' })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: `Удалено окно подарка «${giftName(5)}»: ${moscowDayTime(start)}` })).toHaveCount(1);
});

test('the console is kept out of search engines, has no serious accessibility problems, and the health check answers without a session', async ({ page }) => {
  // Ten full axe runs: over a minute on a slow 2-core machine (2026-11-26).
  test.slow();
  const health = await page.request.get('/api/health');
  expect(health.status()).toBe(200);
  expect(health.headers()['cache-control']).toBe('no-store');
  expect(Object.keys(await health.json()).sort()).toEqual([
    'alertsDead',
    'alertsWaiting',
    'db',
    'dead',
    'oldestWaitingSeconds',
    'outboxWaiting',
    'pageServing',
    'reconcileLastFailureAt',
    'reconcileLastSuccessAt',
    'unmatchedDeals',
  ]);

  expect(await (await page.request.get('/robots.txt')).text()).toMatch(/^Disallow: \/admin$/m);
  expect(await (await page.request.get('/sitemap.xml')).text()).not.toContain('/admin');

  await page.goto('/admin/sign-in');
  const seriousProblems = () => new AxeBuilder({ page }).seriousViolations();
  expect(await seriousProblems()).toEqual([]);
  await signIn(page, await newOperator('axe'));
  await expect(page.getByRole('img', { name: /^Заявки по дням за 30 дней по формам, всего \d+$/ })).toBeVisible();
  await expect(page.getByText('GetCourse не настроен')).toHaveCount(0);
  for (const section of [
    'Обзор',
    'Заявки',
    'Кампании',
    'Поп-апы',
    'Что мы узнали',
    'Скорость сайта',
    'Цены',
    'Окна подарков',
    'Статьи',
    'События',
    'Публикации',
    'Уведомления',
    'Операторы',
    'Журнал',
  ]) {
    await page.getByRole('navigation', { name: 'Разделы консоли' }).getByRole('link', { name: section }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Polled: a navigation still swapping the page (its <title> a moment away) is not what a reader meets.
    await expect.poll(seriousProblems, { message: section, timeout: 20_000 }).toEqual([]);
  }
});

test('a visitor meets a pop-up and the console shows its shown and finished counts rise', async ({ page, browser }) => {
  const promo = 'promo-frameworks';
  const counts = () => popupCounts(promo);
  const before = await counts();

  // An address of its own: the suite's other pages share 127.0.0.1 and its few counted events a day.
  const visitor = await browser.newContext(fromAddress());
  await visitor.route('https://t.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Канал</title>' }));
  const visitorPage = await visitor.newPage();
  await visitorPage.clock.install();
  await visitorPage.goto('/products/git');
  await visitorPage.waitForLoadState('networkidle');
  await visitorPage.clock.fastForward(31_000);
  const action = visitorPage.getByRole('dialog').getByRole('link', { name: 'Подписаться на канал' });
  await Promise.all([visitor.waitForEvent('page'), action.click()]);
  // The beacon leaves after its batching delay (on the page's clock).
  await visitorPage.clock.fastForward(3000);
  await expect.poll(counts).toEqual({ shown: before.shown + 1, finished: before.finished + 1 });
  await visitor.close();

  await signIn(page, await newOperator('popups'));
  await page.getByRole('link', { name: 'Поп-апы' }).click();
  // The figures table (the list of pop-ups above it names the pop-up too).
  const row = page
    .getByRole('table', { name: 'Показы, закрытия и конверсия поп-апов по дням' })
    .getByRole('row')
    .filter({ hasText: popupName(promo) });
  await expect(row).toHaveCount(1);
  const cells = row.getByRole('cell');
  await expect(cells.nth(2)).toHaveText(String(before.shown + 1));
  await expect(cells.nth(4)).toHaveText(String(before.finished + 1));
  await expect(cells.nth(5)).toHaveText(/%$/);
  await expect(page.getByRole('img', { name: /^Конверсия поп-апов по дням/ })).toBeVisible();
});

test("console pages carry a policy of their own: scripts only with the page's nonce, a new one each time, no tag manager or tag host", async ({
  page,
  consolePolicyViolations,
}) => {
  /** The console policy of an answer, its nonce, and the nonce of every script element of its page. */
  const policyOf = async (response: { headers(): Record<string, string>; text(): Promise<string> }) => {
    const policy = response.headers()['content-security-policy'] ?? '';
    const scriptSrc =
      policy
        .split(';')
        .map((directive) => directive.trim())
        .find((directive) => directive.startsWith('script-src ')) ?? '';
    const nonce = /'nonce-([A-Za-z0-9+/]+={0,2})'/.exec(scriptSrc)?.[1];
    const scripts = [...(await response.text()).matchAll(/<script\b[^>]*>/g)].map(([tag]) => /\snonce="([^"]*)"/.exec(tag)?.[1] ?? `no nonce: ${tag}`);
    return { policy, scriptSrc, nonce, scripts };
  };
  const expectConsolePolicy = ({ policy, scriptSrc, nonce, scripts }: Awaited<ReturnType<typeof policyOf>>, what: string) => {
    expect(nonce, what).toBeDefined();
    expect(scriptSrc, what).not.toContain("'unsafe-inline'");
    expect(policy, what).not.toMatch(/googletagmanager|google-analytics|yandex/);
    expect(policy, what).toContain("frame-ancestors 'none'");
    // Next.js's own scripts (inline and by address) carry the nonce the policy names.
    expect(scripts.length, what).toBeGreaterThan(0);
    expect(new Set(scripts), what).toEqual(new Set([nonce]));
  };

  const [first, second] = [await policyOf(await page.request.get('/admin/sign-in')), await policyOf(await page.request.get('/admin/sign-in'))];
  expectConsolePolicy(first, 'sign-in');
  expectConsolePolicy(second, 'sign-in again');
  expect(second.nonce).not.toBe(first.nonce);

  // An inline script without the nonce (what an injected one would be) does not run, and the browser says so.
  await page.goto('/admin/sign-in');
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.head.append(script);
  });
  await expect.poll(() => consolePolicyViolations.length).toBe(1);
  expect(consolePolicyViolations).toEqual([{ page: `${e2eBaseUrl}/admin/sign-in`, directive: 'script-src-elem', blocked: 'inline' }]);
  expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();
  // Caused on purpose: the fixture fails a test for any other.
  consolePolicyViolations.length = 0;

  await signIn(page, await newOperator('console-policy'));
  for (const path of ['/admin', '/admin/leads', '/admin/campaigns', '/admin/popups/promo-frameworks']) {
    expectConsolePolicy(await policyOf(await page.request.get(path)), path);
  }
  // The public pages keep theirs: pre-rendered, the same for every visitor, the tag manager allowed.
  const publicPolicy = (await page.request.get('/')).headers()['content-security-policy'];
  expect(publicPolicy).toMatch(/script-src 'self' 'unsafe-inline' https:\/\/www\.googletagmanager\.com/);
  expect(publicPolicy).not.toContain("'nonce-");
  // The overview's chart (chart.js) draws under the console's policy.
  await page.goto('/admin');
  await expect(page.getByRole('img', { name: /^Заявки по дням за 30 дней по формам, всего \d+$/ })).toBeVisible();
});

test('on a 390 px phone the console menu wraps: every section is on the screen and opens', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, await newOperator('phone-menu'));
  const menu = page.getByRole('navigation', { name: 'Разделы консоли' });
  const sections = await menu.getByRole('link').allInnerTexts();
  expect(sections).toEqual(expect.arrayContaining(['Окна подарков', 'Уведомления', 'Журнал']));
  for (const section of sections) await expect(menu.getByRole('link', { name: section }), section).toBeInViewport({ ratio: 1 });
  // Nothing of the console's header runs off the right edge (the sign-out form included).
  expect(await page.getByRole('banner').evaluate((header) => header.scrollWidth <= header.clientWidth)).toBe(true);
  await expect(page.getByRole('button', { name: 'Выйти' })).toBeInViewport({ ratio: 1 });
  await menu.getByRole('link', { name: 'Журнал' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Журнал' })).toBeVisible();
});
