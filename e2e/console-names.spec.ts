import fs from 'node:fs';
import { AxeBuilder } from './support/axe';
import type { Page } from '@playwright/test';
import { leadForms } from '../content/lead-forms';
import { formName, giftName, pageName, popupName, productName } from '../content/names';
import { popupId, popups } from '../content/popups';
import { e2eBaseUrl, e2eRunningGift } from './support/env';
import { expect, test } from './support/fixtures';
import { newOperator, signIn } from './support/operator';
import { LEADS_ENDPOINT } from '../lib/api-contract';

/**
 * The console in the team's own words: every form, pop-up, product and gift by its name, ids only under
 * «Технические подробности». The ids come from the content registries, so a new form or pop-up is
 * checked too.
 */
const ids = [...new Set([...leadForms.map((form) => form.id), ...leadForms.map((form) => form.productName), ...popups.map(popupId)])].sort(
  (a, b) => b.length - a.length,
);
// A word of its own, and not a segment of a path (`/products/git` is a page's address, not the product `git`).
const idPattern = new RegExp(`(?:^|[^\\w/-])(${ids.map((id) => id.replace(/-/g, '\\-')).join('|')})(?=$|[^\\w-])`);

/** The ids a text shows (a word of its own: `contact` inside `contact-modal`, an e-mail or a path is no hit). */
function idsIn(text: string): string[] {
  const found = new Set<string>();
  let rest = text;
  for (let match = idPattern.exec(rest); match; match = idPattern.exec(rest)) {
    found.add(match[1]!);
    rest = rest.slice(match.index + match[0].length);
  }
  return [...found];
}

/** What the page says outside every «Технические подробности» (and outside scripts): the visible text, option labels included. */
function textOutsideDetails(page: Page): Promise<string> {
  return page.locator('main').evaluate((main) => {
    const copy = main.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('details, script, style, template').forEach((element) => element.remove());
    copy.querySelectorAll('option, td, th, li, p, dd, dt, h1, h2, h3, caption, label, a').forEach((element) => element.append(' '));
    return copy.textContent ?? '';
  });
}

async function expectNoIds(page: Page, where: string) {
  expect(idsIn(await textOutsideDetails(page)), where).toEqual([]);
}

async function expectNoSeriousAxeProblems(page: Page, where: string) {
  const violations = await new AxeBuilder({ page }).seriousViolations();
  expect(violations, where).toEqual([]);
}

/** Letters only (a visitor's name takes no digits): this run's mark in the names it leaves. */
const runMark = Date.now()
  .toString()
  .slice(-7)
  .split('')
  .map((digit) => 'бвгдежзклм'[Number(digit)])
  .join('');

test('the console, its filters, «Кампании», the CSV and «Журнал» name forms, pop-ups, products and gifts, never by id', async ({ page }) => {
  test.slow();
  const gift = `gift-${e2eRunningGift.giftNumber}`;
  const leads = [
    { form: 'course-react-developer', path: '/products/react-developer', block: 'lead-form' },
    { form: 'popup-junior-discount', path: '/products/junior-js/cvrna', block: 'popup' },
    { form: gift, path: '/about', block: 'gift-modal' },
    { form: 'consultation', path: '/', block: 'consultation-popover' },
  ].map((lead, index) => ({ ...lead, name: `Ольга Неймова-${runMark}`, email: `names-${runMark}-${index}@example.com` }));
  for (const [index, lead] of leads.entries()) {
    const order = await page.request.post(LEADS_ENDPOINT, {
      headers: { origin: e2eBaseUrl },
      data: {
        extra: { utm: { source: 'names-e2e', campaign: `names-${runMark}` }, page_path: lead.path, block_id: lead.block },
        form: { id: lead.form },
        contacts: { name: lead.name, email: lead.email, phone: `+7 916 44${index}-${runMark.length}0-00` },
        website: '',
      },
    });
    expect(order.ok(), lead.form).toBe(true);
  }

  await signIn(page, await newOperator(`names-${Date.now().toString(36)}`));
  // «Обзор»: leads by form, by name.
  await expect(page.getByRole('table', { name: 'По формам' }).getByRole('rowheader', { name: formName('course-react-developer'), exact: true })).toBeVisible();
  await expectNoIds(page, 'Обзор');

  // «Заявки»: a part of the name, in another case, finds this run's leads; each with its form and page by name.
  await page.getByRole('navigation', { name: 'Разделы консоли' }).getByRole('link', { name: 'Заявки' }).click();
  await page.getByLabel('Поиск: имя, e-mail или телефон').fill(`ЙМОВА-${runMark.toUpperCase()}`);
  await page.getByRole('button', { name: 'Показать' }).click();
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(1 + leads.length);
  for (const lead of leads) {
    const row = rows.filter({ hasText: lead.email });
    await expect(row).toContainText(formName(lead.form));
    await expect(row).toContainText(pageName(lead.path).name);
  }
  await expect(page.getByRole('columnheader', { name: 'Страница' })).toBeVisible();
  await expectNoIds(page, 'Заявки');

  // The filters are lists of names; the one chosen narrows the list.
  await page.getByLabel('Форма').selectOption({ label: 'React-разработчик' });
  await page.getByRole('button', { name: 'Показать' }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(leads[0]!.email);
  await page.getByLabel('Форма').selectOption({ label: 'любая' });
  await page.getByLabel('Продукт').selectOption({ label: productName('njfd') });
  await page.getByRole('button', { name: 'Показать' }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(leads[1]!.email);
  await expectNoIds(page, 'Заявки с фильтром');

  // A lead's page: what, where and from which pop-up, in words; the codes folded away.
  await rows.nth(1).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Заявка №\d+$/);
  await expect(page.getByText(formName('popup-junior-discount'), { exact: true })).toBeVisible();
  await expect(page.getByText('оставил заявку на обучение', { exact: true })).toBeVisible();
  await expect(page.getByText('поп-ап', { exact: true })).toBeVisible();
  const leadText = await textOutsideDetails(page);
  expect(leadText).not.toMatch(/Блок|Событие/);
  expect(idsIn(leadText), 'Заявка').toEqual([]);
  const technical = page.locator('details').filter({ hasText: 'Технические подробности' }).first();
  await technical.getByText('Технические подробности').click();
  await expect(technical).toContainText('popup-junior-discount');
  await expectNoSeriousAxeProblems(page, 'Заявка');

  // The CSV of this run's leads: names, no ids.
  await page.goto(`/admin/leads?q=${encodeURIComponent(`неймова-${runMark}`)}`);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: /Выгрузить CSV/ }).click();
  const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(fs.readFileSync(await (await download).path()));
  const lines = csv.slice(1).trimEnd().split('\r\n');
  expect(lines).toHaveLength(1 + leads.length);
  for (const lead of leads) expect(lines.find((line) => line.includes(lead.email))).toContain(`;${formName(lead.form)};`);
  expect(idsIn(csv), 'CSV заявок').toEqual([]);

  // «Кампании» by pop-up and by form, and its CSV.
  await page.goto('/admin/campaigns?period=today&by=popup');
  const funnel = page.getByRole('table', { name: 'Воронка: заявки, оплаты и выручка' });
  await expect(funnel.getByRole('rowheader', { name: popupName('popup-junior-discount'), exact: true })).toBeVisible();
  await expectNoIds(page, 'Кампании по поп-апам');
  await page.goto('/admin/campaigns?period=today&by=form');
  await expect(funnel.getByRole('rowheader', { name: formName(gift), exact: true })).toBeVisible();
  await expectNoIds(page, 'Кампании по формам');
  const funnelDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Скачать CSV' }).click();
  const funnelCsv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(fs.readFileSync(await (await funnelDownload).path()));
  expect(funnelCsv).toContain(`\r\n${formName('course-react-developer')};`);
  expect(idsIn(funnelCsv), 'CSV кампаний').toEqual([]);

  // «Поп-апы»: by purpose, with where each shows, in words.
  await page.getByRole('navigation', { name: 'Разделы консоли' }).getByRole('link', { name: 'Поп-апы' }).click();
  const promo = page.getByRole('row').filter({ has: page.getByRole('link', { name: popupName('promo-frameworks'), exact: true }) });
  await expect(promo).toContainText('Все лендинги курса «Стейт-менеджеры');
  await expect(promo).toContainText('Главная');
  await expectNoIds(page, 'Поп-апы');

  // «Окна подарков»: the gift by its offer, the window in words.
  await page.getByRole('navigation', { name: 'Разделы консоли' }).getByRole('link', { name: 'Окна подарков' }).click();
  const running = page.getByRole('row').filter({ hasText: 'идёт сейчас' });
  await expect(running.getByRole('cell').first()).toHaveText(giftName(e2eRunningGift.giftNumber));
  await expect(running).toContainText(/идёт сейчас, до \d{1,2} [а-я]+( \d{4})?, \d\d:\d\d МСК/);
  await expect(page.getByText(/Состояние|впереди|MSK/)).toHaveCount(0);
  await expect(page.getByLabel('Подарок').locator('option', { hasText: giftName(1) })).toHaveCount(1);
  await expectNoIds(page, 'Окна подарков');

  // «Журнал»: sentences; this run's exports among them.
  await page.getByRole('navigation', { name: 'Разделы консоли' }).getByRole('link', { name: 'Журнал' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Выгружен CSV заявок' }).first()).toBeVisible();
  const journal = await textOutsideDetails(page);
  expect(journal).not.toContain('{"');
  expect(idsIn(journal), 'Журнал').toEqual([]);
});

test("a pop-up's page names it by its purpose and where it shows, the codes folded away", async ({ page }) => {
  await signIn(page, await newOperator(`names-popup-${Date.now().toString(36)}`));
  await page.goto('/admin/popups/popup-junior-gift');
  await expect(page.getByRole('heading', { level: 1, name: `Поп-ап «${popupName('popup-junior-gift')}»` })).toBeVisible();
  await expect(page.getByText(/^Страница с подарком: http/)).toBeVisible();
  await expectNoIds(page, 'Поп-ап');
  await page.getByText('Технические подробности').click();
  await expect(page.getByText('popup-junior-gift', { exact: true })).toBeVisible();
  await expectNoSeriousAxeProblems(page, 'Поп-ап');
});
