/**
 * The console in her words wherever she looks (issue 49): pages chosen from a list of names and shown by
 * them, never typed or shown as paths, the secret gift page never offered; alerts naming their recipients
 * and the page; «Заявки» at 1,366 px; the chart's legend; «Обзор»'s figures as links; «Операторы»'s own
 * name, own row and withdrawn invitations. Each test by the labels she reads, through the real server.
 */
import fs from 'node:fs';
import { AxeBuilder } from './support/axe';
import type { Page } from '@playwright/test';
import { coursePages } from '../content/courses';
import { formName, pageName } from '../content/names';
import { popups } from '../content/popups';
import { filePopupSeeds } from '../server/popups/seed';
import { withE2eDatabase } from './support/database';
import { e2eBaseUrl, e2eGiftPopupToken } from './support/env';
import { expect, test } from './support/fixtures';
import { newOperator, signIn } from './support/operator';
import { LEADS_ENDPOINT } from '../lib/api-contract';

/** What axe finds serious or critical on the page as it is now. */
async function seriousProblems(page: Page) {
  return (await new AxeBuilder({ page }).seriousViolations()).map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/** The pages a pop-up's list (`Показывать на страницах`, …) has chosen, by the names it shows. */
const chosen = (group: ReturnType<Page['getByRole']>) => group.getByRole('listitem').locator('span');

/** A lead through the site's own endpoint, as a form on `path` sends it. */
async function postLead(page: Page, lead: { form: string; path: string; email: string; name?: string; source?: string }) {
  const answer = await page.request.post(LEADS_ENDPOINT, {
    headers: { origin: e2eBaseUrl },
    data: {
      extra: { utm: { source: lead.source ?? 'words-e2e' }, page_path: lead.path },
      form: { id: lead.form },
      contacts: { name: lead.name ?? 'Ольга Словарёва', email: lead.email, phone: '+7 916 555-10-01' },
      website: '',
    },
  });
  expect(answer.ok(), `${lead.form} on ${lead.path}: ${await answer.text()}`).toBe(true);
}

const run = Date.now().toString(36);
/** Letters only (a visitor's name takes no digits): this run's mark in a name. */
const runLetters = [...Date.now().toString().slice(-7)].map((digit) => 'бвгдежзклм'[Number(digit)]).join('');
/** An address in a text: a slash followed by a path's segment (an article's title may hold «async/await»). */
const pathLike = /(^|[\s(])\/[a-z0-9-]/;
const frontendTitle = 'Фронтенд-разработчик с нуля до middle';
/** The discount pop-ups' headline as content/popups.ts has it: a landing is never named after it. */
const popupHeadlines = popups.map((popup) => (popup.content.kind === 'promo' ? popup.content.heading : popup.content.title));

test("a pop-up's pages are chosen from a list of page names and whole sections, shown by name, stored as the same path patterns; the secret page is never offered", async ({
  page,
}) => {
  test.slow();
  // A pop-up of this test's own, switched off (no visitor ever meets it): a copy of a discount pop-up.
  const id = `e2e-words-pages-${run}`;
  const source = filePopupSeeds().find((seed) => seed.id === 'popup-first-stage-discount')!;
  await withE2eDatabase(({ repos }) => repos.popups.seed([{ id, config: { ...source.config, enabled: false } }], Date.now()));

  await signIn(page, await newOperator(`words-pages-${run}`));
  await page.goto(`/admin/popups/${id}`);
  const form = page.getByRole('form', { name: 'Поп-ап' });
  const shown = form.getByRole('group', { name: 'Показывать на страницах', exact: true });
  const excepted = form.getByRole('group', { name: 'Не показывать на страницах', exact: true });

  // Chosen pages by name; no field to type a path into.
  await expect(chosen(shown)).toHaveText([pageName('/products/first-stage/cvrna').name]);
  await expect(form.getByRole('textbox', { name: 'Показывать на страницах' })).toHaveCount(0);

  // The list: every page by its name, no path, no secret page; the four pages of one course told apart.
  const picker = shown.getByLabel('Добавить страницу или раздел');
  const options = await picker.locator('option').allTextContents();
  expect(options.filter((option) => pathLike.test(option))).toEqual([]);
  expect(options).toEqual(expect.arrayContaining(['Все страницы сайта', 'Все страницы курсов', 'Все лендинги курса «Middle фронтенд-разработчик»']));
  const frontend = options.filter((option) => option.endsWith(`курса «${frontendTitle}»`) || option === `Страница курса «${frontendTitle}»`);
  expect(new Set(frontend).size).toBe(4);
  const secret = coursePages().find((entry) => entry.variant?.popupMarker)!;
  expect(options).not.toContain(pageName(secret.path).name);
  for (const headline of popupHeadlines)
    expect(
      options.filter((option) => option.includes(headline)),
      headline,
    ).toEqual([]);
  expect(await page.content()).not.toContain(e2eGiftPopupToken);

  // An article by its title.
  const article = fs.readFileSync('content/media/array-methods.md', 'utf8');
  const articleTitle = /^title: "(.+)"$/m.exec(article)![1]!;
  expect(options).toContain(`Статья «${articleTitle}»`);

  // By keyboard: the whole section of a course's landings instead of the one page.
  await picker.focus();
  await picker.selectOption({ label: 'Все лендинги курса «Middle фронтенд-разработчик»' });
  await page.keyboard.press('Tab');
  await expect(shown.getByRole('button', { name: 'Добавить' })).toBeFocused();
  await page.keyboard.press('Enter');
  await shown.getByRole('button', { name: `Убрать «${pageName('/products/first-stage/cvrna').name}» из списка «Показывать на страницах»` }).click();
  await expect(chosen(shown)).toHaveText(['Все лендинги курса «Middle фронтенд-разработчик»']);
  await excepted.getByLabel('Добавить страницу или раздел').selectOption({ label: pageName('/products/middle-js/cvrna').name });
  await excepted.getByRole('button', { name: 'Добавить' }).click();

  // Where it will show, by name.
  const where = form.getByRole('region', { name: 'Где будет показываться' });
  await expect(where).toContainText('Будет показываться на 1 странице');
  await where.getByText('Список страниц').click();
  await expect(where.getByRole('listitem')).toHaveText([pageName('/products/middle-js/b1').name]);
  expect(await form.innerText()).not.toMatch(/\/products\//);
  expect(await seriousProblems(page), 'the pop-up form with its page lists').toEqual([]);

  await form.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Сохранено: версия 2' })).toBeVisible();
  // Stored as the pop-up patterns always were.
  const stored = await withE2eDatabase(async ({ repos }) => (await repos.popups.get(id))!.config);
  expect([stored.includePaths, stored.excludePaths]).toEqual([['/products/middle-js/*'], ['/products/middle-js/cvrna']]);
  await expect(chosen(shown)).toHaveText(['Все лендинги курса «Middle фронтенд-разработчик»']);

  // Nothing chosen is refused in words, and nothing is saved.
  await shown.getByRole('button', { name: /^Убрать/ }).click();
  await form.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(form.getByText('Укажите хотя бы одну страницу: иначе поп-ап нигде не покажется')).toBeVisible();
  expect(await withE2eDatabase(async ({ repos }) => (await repos.popups.get(id))!.version)).toBe(2);
});

test('«Тесты страниц» offers the course pages and landings by name, each of one course told apart by its campaign, and names the test by its page', async ({
  page,
}) => {
  await signIn(page, await newOperator(`words-page-tests-${run}`));
  await page.goto('/admin/page-tests/new');
  const choice = page.getByRole('combobox', { name: 'Страница', exact: true });
  await expect(choice.getByRole('option', { name: `Страница курса «${frontendTitle}»` })).toHaveCount(1);
  const options = (await choice.locator('option').allTextContents()).slice(1);
  expect(options.filter((option) => pathLike.test(option))).toEqual([]);
  expect(options.filter((option) => option.includes(frontendTitle)).sort()).toEqual([
    `Лендинг «Реклама в Telegram-каналах» курса «${frontendTitle}»`,
    `Лендинг «Скидка во всплывающем окне» курса «${frontendTitle}»`,
    `Лендинг «Участники вебинара «Как стать фронтенд-разработчиком»» курса «${frontendTitle}»`,
    `Страница курса «${frontendTitle}»`,
  ]);
  expect(options).not.toContain(pageName(coursePages().find((entry) => entry.variant?.popupMarker)!.path).name);
  expect(await page.content()).not.toContain(e2eGiftPopupToken);

  const landing = `Лендинг «Реклама в Telegram-каналах» курса «${frontendTitle}»`;
  await choice.selectOption({ label: landing });
  await page.getByRole('group', { name: 'Вариант B' }).getByLabel('Заголовок', { exact: true }).fill(`Заголовок B ${run}`);
  await page.getByRole('button', { name: 'Создать тест' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Тест страницы: ${landing}`);
  await page.getByRole('link', { name: 'Тесты страниц' }).first().click();
  await expect(page.getByRole('link', { name: landing }).first()).toBeVisible();
  expect(await seriousProblems(page), '«Тесты страниц»').toEqual([]);
});

test("a lead's alert names the page, never its address, and the lead's page names the manager it went to, never the chat id", async ({
  page,
  fakeTelegram,
}) => {
  test.slow();
  await signIn(page, await newOperator(`words-alerts-${run}`));
  await page.goto('/admin/notifications');
  // Open round the clock, so the lead's alert is due at once whenever the test runs (as e2e/telegram-join.spec.ts).
  await page.getByLabel('Часы работы', { exact: true }).fill('00:00–24:00');
  const days = page.getByRole('group', { name: 'Рабочие дни' });
  for (const day of ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс']) await days.getByRole('checkbox', { name: day, exact: true }).check();
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(page.getByText('Сохранено', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Подключить менеджера' }).click();
  const link = (await page.getByRole('link', { name: /^https:\/\/t\.me\// }).getAttribute('href'))!;
  const chatId = 910_000_000 + Math.floor(Math.random() * 80_000_000);
  await fakeTelegram.pressStart({
    chatId,
    firstName: 'Зоя',
    lastName: 'Словарёва',
    username: 'zoya_sales',
    text: `/start ${new URL(link).searchParams.get('start')}`,
  });
  const managers = page.getByRole('table', { name: 'Менеджеры, подключённые в Telegram' });
  await expect(managers.getByRole('row').filter({ hasText: 'Зоя Словарёва' })).toHaveCount(1, { timeout: 20_000 });

  try {
    const email = `words-alert-${run}@example.com`;
    // A name of this run's own: a burst of other tests' leads may reach the chat as one list, which names the visitor, not the e-mail.
    const name = `Ольга ${runLetters}`;
    const landing = '/products/junior-js/cvrna';
    await postLead(page, { form: 'popup-junior-discount', path: `${landing}?utm_source=vk`, email, name });
    let alert = '';
    await expect
      .poll(async () => (alert = (await fakeTelegram.delivered(chatId)).map((message) => message.text).find((text) => text.includes(name)) ?? ''), {
        timeout: 20_000,
        message: "the lead's alert in the manager's chat",
      })
      .toContain(name);
    expect(alert).not.toContain(landing);
    if (alert.startsWith('<b>Новая заявка')) expect(alert).toContain(`Страница: ${pageName(landing).name}`);
    else
      test.info().annotations.push({
        type: 'note',
        description: 'the lead came in a list with others (no page line); server/alerts/alert-handler.test.ts checks the page line',
      });

    await page.goto(`/admin/leads?q=${encodeURIComponent(email)}`);
    await page.getByRole('table').getByRole('row').nth(1).getByRole('link').click();
    const recipients = page.getByRole('table', { name: 'Уведомления о заявке' });
    await expect(recipients.getByRole('row').filter({ hasText: 'Telegram Зоя Словарёва (@zoya_sales)' })).toHaveCount(1);
    await expect(recipients).not.toContainText(String(chatId));
    expect(await seriousProblems(page), "the lead's page").toEqual([]);
  } finally {
    await page.goto('/admin/notifications');
    await managers.getByRole('button', { name: 'Убрать Зоя Словарёва из уведомлений' }).click();
    await page.getByRole('dialog', { name: 'Убрать менеджера из уведомлений?' }).getByRole('button', { name: 'Убрать' }).click();
    await expect(managers.getByRole('row').filter({ hasText: 'Зоя Словарёва' })).toHaveCount(0);
  }
});

test('«Заявки» fits a 1,366 px screen: no sideways scroll, a landing by its name in a few lines, an article by its title', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  try {
    await signIn(page, await newOperator(`words-width-${run}`));
    const email = `words-width-long-${run}@frontend-school.com`;
    await postLead(page, {
      form: 'course-frontend-developer-webinar',
      path: '/frontend-developer-webinar',
      email,
      name: 'Александра Константиновна Длинноимённая',
    });
    const articleEmail = `words-width-article-${run}@example.com`;
    await postLead(page, { form: 'contact', path: '/media/array-methods', email: articleEmail });
    await page.goto(`/admin/leads?q=${encodeURIComponent(`words-width`)}`);
    const table = page.getByRole('table', { name: 'Заявки, сначала новые' });
    await expect(table.getByRole('row')).toHaveCount(3);

    const articleTitle = /^title: "(.+)"$/m.exec(fs.readFileSync('content/media/array-methods.md', 'utf8'))![1]!;
    await expect(table.getByRole('row').filter({ hasText: articleEmail })).toContainText(`Статья «${articleTitle}»`);
    const row = table.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText(pageName('/frontend-developer-webinar').name);
    await expect(row).toContainText(formName('course-frontend-developer-webinar'));

    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth }));
    expect(widths.page, 'the page scrolls sideways').toBeLessThanOrEqual(widths.screen);
    const box = await table.evaluate((element) => ({ table: element.scrollWidth, room: element.parentElement!.clientWidth }));
    expect(box.table, 'the table is wider than its room').toBeLessThanOrEqual(box.room);
    // The landing's page name: three lines at most.
    const lines = await row
      .getByRole('cell')
      .nth(2)
      .evaluate((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.bottom))).size;
      });
    expect(lines).toBeLessThanOrEqual(3);
  } finally {
    await context.close();
  }
});

test("«Обзор»: the chart's legend of 18 forms is readable below the plot, and every figure is a link to its leads", async ({ page }) => {
  test.slow();
  // Leads of 18 forms today (the chart has at least these; other tests add more).
  const forms = coursePages()
    .filter((entry) => !entry.variant)
    .map((entry) => ({ form: entry.form.formId, path: entry.path }))
    .slice(0, 18);
  expect(forms).toHaveLength(18);
  for (const [index, lead] of forms.entries())
    await postLead(page, { ...lead, email: `words-chart-${run}-${index}@example.com`, source: `words-chart-${run}` });

  await signIn(page, await newOperator(`words-overview-${run}`));
  const legend = page.getByRole('list', { name: 'Обозначения' });
  const entries = legend.getByRole('listitem');
  await expect.poll(() => entries.count()).toBeGreaterThanOrEqual(18);
  // Each entry under the plot, none covered by it or by another: the element at its middle is its own.
  const placement = await legend.evaluate((list) => {
    return [...list.querySelectorAll('li')].map((item) => {
      item.scrollIntoView({ block: 'center' });
      const box = item.getBoundingClientRect();
      const top = list.closest('figure')!.querySelector('canvas')!.getBoundingClientRect();
      const found = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return { name: item.textContent!, below: box.top >= top.bottom, own: found !== null && item.contains(found) };
    });
  });
  for (const lead of forms)
    expect(
      placement.find((entry) => entry.name === formName(lead.form)),
      formName(lead.form),
    ).toMatchObject({ below: true, own: true });
  expect(placement.every((entry) => entry.below && entry.own)).toBe(true);

  // A form's figure of today opens exactly those leads; a source's too.
  const first = forms[0]!;
  await page
    .getByRole('table', { name: 'По формам' })
    .getByRole('link', { name: new RegExp(`^${formName(first.form).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, сегодня: \\d+$`) })
    .click();
  await expect(page).toHaveURL(new RegExp(`form=${first.form}&from=\\d{4}-\\d\\d-\\d\\d&to=\\d{4}-\\d\\d-\\d\\d&spam=exclude`));
  await expect(
    page
      .getByRole('table')
      .getByRole('row')
      .filter({ hasText: `words-chart-${run}-0@example.com` }),
  ).toHaveCount(1);
  await page.goto('/admin');
  await page
    .getByRole('table', { name: 'По источникам (utm_source)' })
    .getByRole('link', { name: `words-chart-${run}, сегодня: 18` })
    .click();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(19);
  expect(await seriousProblems(page), '«Заявки» from «Обзор»').toEqual([]);
});

test('«Операторы»: she names herself, has no «Удалить» on her own row, and withdraws an invitation whose link then lets nobody in', async ({
  page,
  browser,
}) => {
  const me = await signIn(page, await newOperator(`words-operators-${run}`));
  const other = await newOperator(`words-operators-other-${run}`);
  await page.getByRole('navigation', { name: 'Разделы консоли' }).getByRole('link', { name: 'Операторы' }).click();
  const operators = page.getByRole('table', { name: 'Операторы консоли' });
  const mine = operators.getByRole('row').filter({ hasText: me.email });

  // Her own name instead of «—».
  await expect(mine.getByRole('cell').first()).toHaveText('—');
  await page.getByLabel('Ваше имя', { exact: true }).fill('Марина Словарёва');
  await page.getByRole('button', { name: 'Сохранить имя' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Имя сохранено: Марина Словарёва' })).toBeVisible();
  await expect(mine.getByRole('cell').first()).toHaveText('Марина Словарёва');

  // Her row has no «Удалить»; another's has.
  await expect(mine.getByRole('button')).toHaveCount(0);
  await expect(operators.getByRole('button', { name: `Удалить оператора ${other.email}` })).toHaveCount(1);

  // An invitation withdrawn, asked first; its link no longer lets anyone in.
  const email = `words-invited-${run}@school-e2e.ru`;
  await page.getByLabel('Почта нового оператора').fill(email);
  await page.getByRole('button', { name: 'Добавить оператора' }).click();
  const link = await page.getByLabel('Ссылка-приглашение').inputValue();
  const invitations = page.getByRole('table', { name: 'Приглашения, которые ещё не приняты' });
  await invitations.getByRole('button', { name: `Отозвать приглашение ${email}` }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Отозвать приглашение?' });
  await expect(dialog).toContainText(email);
  expect(await seriousProblems(page), 'the question').toEqual([]);
  await dialog.getByRole('button', { name: 'Отозвать' }).click();
  await expect(page.getByText(`Приглашение для ${email} отозвано: ссылка больше не работает`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);
  const invited = await browser.newContext();
  const invitedPage = await invited.newPage();
  await invitedPage.goto(link);
  await expect(invitedPage.getByText('Такого приглашения нет: проверьте ссылку целиком или попросите новую')).toBeVisible();
  await invited.close();

  await page.getByRole('link', { name: 'Журнал' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Приглашение оператора отозвано' }).filter({ hasText: email })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: 'Оператор сменил своё имя' }).filter({ hasText: 'Марина Словарёва' })).toHaveCount(1);
});
