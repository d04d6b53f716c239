import type { ReceivedRequest } from '../tests/support/fake-getcourse';
import { e2eBaseUrl, e2eCallbackSecret, fakeGetCourseUrl } from './support/env';
import { expect, test } from './support/fixtures';
import { newOperator, signIn } from './support/operator';
import { visitorAddress } from './support/visitor-address';
import { withE2eDatabase } from './support/database';
import { LEADS_ENDPOINT } from '../lib/api-contract';
import { pageTests } from '../server/experiments/subjects/page';

/**
 * A test of a course page, as the team runs it: created and started in the console («Тесты страниц»),
 * served to visitors by plain HTTP (no JavaScript: the first response must already hold the variant),
 * decided by a lead and its payment reported by GetCourse's callback, shown in «Результаты теста».
 */

const page = '/products/junior-js';
const originalHeadline = 'Junior фронтенд-разработчик';
/** A visitor's browser (not headless: headless browsers say so and are treated as robots). */
const browserAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const callbackTemplate = `${e2eBaseUrl}/api/getcourse/deal-status?number={object.number}&status={object.status}&cost={object.cost_money_value}&paid={object.payed_money}&secret=${e2eCallbackSecret}`;

interface Visit {
  headline: string;
  cookie: string | null;
  html: string;
  headers: Headers;
}

async function visit(headers: Record<string, string>): Promise<Visit> {
  const response = await fetch(`${e2eBaseUrl}${page}`, { headers });
  expect(response.status).toBe(200);
  const html = await response.text();
  // The site's typography joins short words with no-break spaces.
  const headline = (/<h1 id="course-title"[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] ?? '').replace(/\u00a0/g, ' ');
  const cookie = /school_vid=[^;]+/.exec(response.headers.get('set-cookie') ?? '')?.[0] ?? null;
  return { headline, cookie, html, headers: response.headers };
}

function dealNumberOf(received: ReceivedRequest[], email: string): string | undefined {
  const request = received.find((entry) => entry.path === '/pl/api/deals' && JSON.stringify(entry.params).includes(email));
  return (request?.params as { deal?: { deal_number?: string } } | undefined)?.deal?.deal_number;
}

test('a page test of /products/junior-js: both headlines in the first response, sticky per visitor, robots see the original, a B lead and its payment show for B', async ({
  page: console_,
  fakeGetCourse,
  browser,
}) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const headlineB = `Станьте фронтенд-разработчиком за 6 месяцев ${run}`;

  // The operator creates the test of the course page with a variant headline and starts it.
  await signIn(console_, await newOperator(`page-tests-${run}`));
  await console_.getByRole('navigation', { name: 'Разделы консоли' }).getByRole('link', { name: 'Тесты страниц' }).click();
  await expect(console_.getByRole('heading', { level: 1 })).toHaveText('Тесты страниц');
  await console_.getByRole('link', { name: 'Новый тест страницы' }).click();
  await console_.getByLabel('Страница').selectOption(page);
  // Nothing changed in B: refused in Russian beside the variant.
  await console_.getByRole('button', { name: 'Создать тест' }).click();
  await expect(console_.getByRole('alert').filter({ hasText: 'Добавьте хотя бы один вариант' })).toBeVisible();
  await expect(console_.getByLabel('Страница')).toHaveValue(page);
  const variantB = console_.getByRole('group', { name: 'Вариант B' });
  await variantB.getByLabel('Заголовок', { exact: true }).fill(headlineB);
  await console_.getByRole('button', { name: 'Создать тест' }).click();
  await expect(console_.getByRole('status')).toContainText('Тест создан');
  await console_.getByRole('button', { name: 'Начать тест' }).click();
  await expect(console_.getByRole('status')).toContainText('Тест начат');
  const testUrl = console_.url().replace(/\?.*$/, '');

  // Fresh visitors (plain HTTP, no script): each first response holds one of the two headlines, with a signed id set at once.
  const visitors: (Visit & { address: string })[] = [];
  await expect
    .poll(
      async () => {
        const address = visitorAddress();
        const first = await visit({ 'user-agent': browserAgent, 'x-forwarded-for': address });
        expect(first.cookie).not.toBeNull();
        expect(first.headers.get('cache-control')).toContain('private');
        expect(first.headers.get('vary')).toMatch(/cookie/i);
        expect(first.html).toContain(`<link rel="canonical" href="${e2eBaseUrl}${page}"/>`);
        // The variant's page paints as the pre-rendered ones do: its rules inline, the stylesheet last.
        expect(first.html).toContain('data-critical');
        visitors.push({ ...first, address });
        return new Set(visitors.map((v) => v.headline));
      },
      { timeout: 60_000, intervals: [200] },
    )
    .toEqual(new Set([originalHeadline, headlineB]));
  // Each visitor always gets the same one.
  for (const visitor of visitors.slice(0, 6)) {
    for (let again = 0; again < 2; again++) {
      const next = await visit({ 'user-agent': browserAgent, 'x-forwarded-for': visitor.address, cookie: visitor.cookie! });
      expect(next.headline).toBe(visitor.headline);
      expect(next.cookie).toBeNull();
    }
  }

  // Robots and search engines get the original and no cookie; so does a visitor who asks not to be tracked.
  const refusing: Record<string, string>[] = [
    { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
    { 'user-agent': 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)' },
    { 'user-agent': 'TelegramBot (like TwitterBot)' },
    { 'user-agent': browserAgent, 'sec-gpc': '1' },
    { 'user-agent': browserAgent, dnt: '1' },
  ];
  for (const headers of refusing) {
    for (let i = 0; i < 3; i++) {
      const robot = await visit({ ...headers, 'x-forwarded-for': visitorAddress() });
      expect(robot.headline, JSON.stringify(headers)).toBe(originalHeadline);
      expect(robot.cookie).toBeNull();
    }
  }

  // A lead from a B visitor, its form's block id as the page gave it; and one forged: an A visitor claiming B.
  const b = visitors.find((v) => v.headline === headlineB)!;
  const a = visitors.find((v) => v.headline === originalHeadline)!;
  const blockId = /page-test:[\w-]+:B/.exec(b.html.replace(/\\/g, ''))?.[0];
  expect(blockId).toBeTruthy();
  const formId = /data-form-id="([^"]+)"/.exec(b.html)?.[1];
  expect(formId).toBeTruthy();
  const lead = async (visitor: Visit & { address: string }, email: string) => {
    const response = await fetch(`${e2eBaseUrl}${LEADS_ENDPOINT}`, {
      method: 'POST',
      headers: {
        origin: e2eBaseUrl,
        'content-type': 'application/json',
        'user-agent': browserAgent,
        'x-forwarded-for': visitor.address,
        cookie: visitor.cookie!,
      },
      body: JSON.stringify({
        extra: { utm: {}, page_path: page, block_id: blockId },
        form: { id: formId },
        contacts: { name: 'Пётр Вариантов', email, phone: '+7 916 555-44-33' },
        website: '',
      }),
    });
    expect(response.status).toBe(200);
  };
  const emailB = `page-test-b-${run}@example.com`;
  await lead(b, emailB);
  await lead(a, `page-test-forged-${run}@example.com`);

  // GetCourse reports the B lead's deal paid (its orders process calls the site's URL; the fake plays both).
  const received = await fakeGetCourse.waitFor((all) => dealNumberOf(all, emailB) !== undefined);
  const paid = await fetch(`${fakeGetCourseUrl}/__fake/deal-status`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ number: dealNumberOf(received, emailB), status: 'payed', cost: 12_990, paid: 12_990, callUrl: callbackTemplate }),
  });
  expect(await paid.json()).toEqual({ status: 200, body: { ok: true, result: 'changed' } });

  // «Результаты теста»: B has the lead, the payment and its revenue; the forged lead counted for nobody.
  await console_.goto(testUrl);
  const results = console_.getByRole('region', { name: 'Результаты теста' });
  await expect(results).toBeVisible();
  const row = (letter: string) => results.getByRole('row').filter({ has: console_.getByRole('rowheader', { name: letter, exact: true }) });
  const cellsB = row('B').getByRole('cell');
  await expect(cellsB.nth(1)).toHaveText('1');
  await expect(cellsB.nth(4)).toHaveText('1');
  await expect(cellsB.nth(5)).toHaveText('12\u00a0990\u00a0₽');
  await expect(row('A').getByRole('cell').nth(1)).toHaveText('0');
  await expect(row('A').getByRole('cell').nth(4)).toHaveText('0');
  await expect(results.getByTestId('page-test-verdict')).toHaveText('По заявкам пока рано судить; по выручке пока рано судить: оплат 1');
  // Figures that read right: when the test will know, money in whole roubles, no difference below −100 %.
  await expect(results.getByTestId('page-test-plan')).toHaveText(
    /^Для вывода каждому варианту нужно около [\d\s]+ посетител[а-я]+; сейчас у A \d+, у B \d+\. Конец теста — (примерно \d{1,2} [а-я]+( \d{4})?, если трафик не изменится|через больше года при нынешнем трафике: стоит привести на страницу больше трафика \(реклама, рассылка\) или проверить меньше вариантов)\.$/,
  );
  // The pop-up test's chart, one report for both kinds.
  await expect(results.getByRole('img', { name: 'Накопленная конверсия вариантов по дням' })).toBeVisible();
  const figures = (await results.textContent()) ?? '';
  expect(figures, 'no kopecks').not.toMatch(/\d,\d\d\s₽/);
  expect(figures, 'no difference below −100 %').not.toMatch(/−(\d{4,}|[2-9]\d\d|1\d[1-9]|1[1-9]\d)(,\d+)?\s%/);
  // «Варианты»: A's own texts beside what B changes.
  const variantsTable = console_.getByRole('table', { name: 'Что меняет каждый вариант' });
  await expect(variantsTable.locator('tr[data-variant="A"] td').first()).toHaveText(originalHeadline);
  await expect(variantsTable.locator('tr[data-variant="B"] td').first()).toHaveText(headlineB);
  await expect(variantsTable.locator('tr[data-variant="B"] td').nth(1)).toHaveText('как у A');
  // Traffic that reaches A alone (a link to the page that drops the variant's cookie, say): the split is named in words.
  await withE2eDatabase(async ({ repos }) => {
    const running = (await pageTests(repos).running()).find((candidate) => candidate.pagePath === page)!;
    for (let i = 0; i < 60; i++) await pageTests(repos).recordVisitor({ testId: running.id, visitor: `uneven-${run}-${i}`, variant: 0, now: Date.now() });
  });
  await console_.reload();
  await expect(results.getByTestId('page-test-verdict')).toContainText('Посетители разделились между вариантами неравномерно');

  // No layout shift on the variant page in a real browser, and no script changes its text after paint.
  const context = await browser.newContext({ userAgent: browserAgent, extraHTTPHeaders: { 'x-forwarded-for': b.address } });
  const [name, value] = b.cookie!.split('=') as [string, string];
  await context.addCookies([{ name, value, url: e2eBaseUrl }]);
  const visitorPage = await context.newPage();
  await visitorPage.addInitScript(() => {
    const measured = window as { layoutShift?: number; headlines?: string[] };
    measured.layoutShift = 0;
    measured.headlines = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) measured.layoutShift! += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
    document.addEventListener('DOMContentLoaded', () => measured.headlines!.push((document.querySelector('h1')?.textContent ?? '').replace(/\u00a0/g, ' ')));
  });
  await visitorPage.goto(page);
  await expect(visitorPage.locator('html[data-live]')).toBeAttached({ timeout: 30_000 });
  // Until the page is quiet (three idle periods in a row with nothing waiting): whatever the idle widgets
  // change after hydration has happened, and a late shift or text swap would be seen below.
  await visitorPage.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let quiet = 0;
        const look = (deadline: IdleDeadline) => {
          quiet = deadline.timeRemaining() >= 45 ? quiet + 1 : 0;
          if (quiet === 3) resolve();
          else requestIdleCallback(look);
        };
        requestIdleCallback(look);
      }),
  );
  await expect(visitorPage.getByRole('heading', { level: 1 })).toHaveText(headlineB);
  // Served at the page's own address, it stays there once hydrated.
  expect(new URL(visitorPage.url()).pathname).toBe(page);
  expect(await visitorPage.evaluate(() => (window as { headlines?: string[] }).headlines)).toEqual([headlineB]);
  expect(await visitorPage.evaluate(() => (window as { layoutShift?: number }).layoutShift)).toBe(0);
  // The page's own lead form sends the variant the server gave this visitor.
  const section = visitorPage.locator('#lead-form');
  await section.scrollIntoViewIfNeeded();
  await expect(section.locator('[data-form-ready]')).toHaveCount(1);
  await section.getByPlaceholder('Имя').fill('Пётр Вариантов');
  await section.getByPlaceholder('E-mail').fill(`page-test-form-${run}@example.com`);
  await section.getByPlaceholder('Телефон').fill('9123456780');
  const posted = visitorPage.waitForRequest(`**${LEADS_ENDPOINT}`);
  await section.getByRole('button', { name: /^Отправить/ }).click();
  expect((await posted).postDataJSON()).toMatchObject({ extra: { page_path: page, block_id: blockId } });
  await context.close();

  // «Оставить вариант B», confirmed: the test ends and everyone gets the page as it is.
  await console_.getByRole('link', { name: 'Оставить вариант B' }).click();
  const dialog = console_.getByRole('dialog', { name: 'Оставить вариант B?' });
  await dialog.getByRole('button', { name: 'Да, оставить вариант B' }).click();
  await expect(console_.getByRole('status')).toContainText('Тест завершён');
  const after = await visit({ 'user-agent': browserAgent, 'x-forwarded-for': visitorAddress(), cookie: b.cookie! });
  expect(after.headline).toBe(originalHeadline);

  // «Журнал» has each change.
  await console_.getByRole('navigation', { name: 'Разделы консоли' }).getByRole('link', { name: 'Журнал' }).click();
  for (const entry of ['Тест страницы создан', 'Тест страницы начат', 'Тест страницы завершён, оставлен вариант']) {
    await expect(console_.getByRole('cell', { name: entry }).first()).toBeVisible();
  }
});
