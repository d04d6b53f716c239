import { AxeBuilder } from './support/axe';
import type { Page } from '@playwright/test';
import type { ReceivedRequest } from '../tests/support/fake-getcourse';
import { leadsOf, withE2eDatabase } from './support/database';
import { e2eBaseUrl, e2eCallbackSecret, e2eGiftPopupToken, fakeGetCourseUrl } from './support/env';
import { expect, test } from './support/fixtures';
import { newOperator, signIn } from './support/operator';
import { LEADS_ENDPOINT } from '../lib/api-contract';

/** The «Вызвать URL» template as docs/operations.md tells the school to paste it. */
const callbackTemplate = `${e2eBaseUrl}/api/getcourse/deal-status?number={object.number}&status={object.status}&cost={object.cost_money_value}&paid={object.payed_money}&secret=${e2eCallbackSecret}`;

function dealNumberOf(received: ReceivedRequest[], email: string): string | undefined {
  const request = received.find((entry) => entry.path === '/pl/api/deals' && JSON.stringify(entry.params).includes(email));
  return (request?.params as { deal?: { deal_number?: string } } | undefined)?.deal?.deal_number;
}

/** GetCourse changes the deal and its orders process calls the site's URL (the fake plays both). */
async function reportFromGetCourse(number: string, deal: { status: string; cost: number; paid: number }): Promise<string> {
  const response = await fetch(`${fakeGetCourseUrl}/__fake/deal-status`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ number, ...deal, callUrl: callbackTemplate }),
  });
  const answer = (await response.json()) as { status: number; body: { ok: boolean; result: string } };
  expect(answer.status).toBe(200);
  return answer.body.result;
}

async function expectAxeClean(page: Page, where: string) {
  expect((await new AxeBuilder({ page }).analyze()).violations, where).toEqual([]);
}

test('a deal paid less than its cost shows as «частично оплачена» on the lead, in the list and apart in «Кампании»', async ({ page, fakeGetCourse }) => {
  const run = Date.now().toString(36);
  const campaign = `e2e-partial-${run}`;
  const email = `partial-${run}@example.com`;
  const posted = await page.request.post(LEADS_ENDPOINT, {
    headers: { origin: e2eBaseUrl },
    data: {
      extra: { utm: { source: 'vk', campaign }, page_path: '/products/git' },
      form: { id: 'contact' },
      contacts: { name: 'Павел Частичный', email, phone: '+7 916 444-55-66' },
      website: '',
    },
  });
  expect(posted.ok()).toBe(true);
  const number = dealNumberOf(await fakeGetCourse.waitFor((all) => !!dealNumberOf(all, email)), email)!;
  // GetCourse says «payed» after the first instalment: 8 490 of 101 880 ₽.
  expect(await reportFromGetCourse(number, { status: 'payed', cost: 101_880, paid: 8_490 })).toBe('changed');

  await signIn(page, await newOperator(`partial-${run}`));
  await page.goto(`/admin/leads?utm_campaign=${campaign}`);
  const row = page.getByRole('table').getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('8\u00a0490\u00a0₽, частично оплачена');
  await expectAxeClean(page, 'Заявки');
  await row.getByRole('link').click();
  await expect(page.getByText(`Сделка ${number}: частично оплачена, оплачено 8\u00a0490\u00a0₽ из 101\u00a0880\u00a0₽`)).toBeVisible();
  await expect(page.getByRole('table', { name: 'История оплаты сделки' }).getByRole('row').nth(1)).toContainText('частично оплачена');

  await page.goto(`/admin/campaigns?period=today&by=campaign`);
  const table = page.getByRole('table', { name: 'Воронка: заявки, оплаты и выручка' });
  await expect(table.getByRole('columnheader', { name: 'Частично оплаченные' })).toBeVisible();
  const campaignRow = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: campaign, exact: true }) });
  // One lead, no deal paid in full, one paid in part; the conversion counts full payments, the revenue all the money.
  await expect(campaignRow.getByRole('cell')).toHaveText(['1', '0', '1', '0', '0 %', '8\u00a0490\u00a0₽', '8\u00a0490\u00a0₽']);
  await expectAxeClean(page, 'Кампании');
});

test('«Оплаты по неизвестным номерам сделок» on the overview opens the list of those payments', async ({ page }) => {
  const number = `77${Date.now()}`.slice(0, 15);
  expect(await reportFromGetCourse(number, { status: 'payed', cost: 12_990, paid: 12_990 })).toBe('unmatched');

  await signIn(page, await newOperator(`unknown-payments-${Date.now().toString(36)}`));
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Оплаты по неизвестным номерам сделок' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Оплаты по неизвестным номерам сделок');
  const row = page.getByRole('table').getByRole('row').filter({ hasText: number });
  await expect(row.getByRole('cell')).toHaveText([number, 'оплачен', '12\u00a0990\u00a0₽', /^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/, '1 раз']);
  await expectAxeClean(page, 'Оплаты по неизвестным номерам сделок');
});

test('a payment far above any tariff, with no cost said, is refused: «Кампании» does not count it, «Отклонённые оплаты» lists it with the reason', async ({
  page,
}) => {
  const run = Date.now().toString(36);
  const campaign = `e2e-implausible-${run}`;
  const email = `implausible-${run}@example.com`;
  const posted = await page.request.post('/api/leads', {
    headers: { origin: e2eBaseUrl },
    data: {
      extra: { utm: { source: 'vk', campaign }, page_path: '/products/git' },
      form: { id: 'contact' },
      contacts: { name: 'Олег Неправдоподобный', email, phone: '+7 916 444-55-77' },
      website: '',
    },
  });
  expect(posted.ok()).toBe(true);
  // The deal number the lead's delivery carries to GetCourse (given when the lead is stored).
  const [stored] = await leadsOf(email);
  const number = (await withE2eDatabase(async ({ repos }) => repos.deliveryQueue.forLead(stored!.id)))[0]!.dealNumber!;
  // A process whose template lost `cost` and reads the paid amount in kopecks: 100 000 000 000 ₽.
  const callback = await page.request.get(`/api/getcourse/deal-status?number=${number}&status=payed&paid=100000000000&secret=${e2eCallbackSecret}`);
  expect(callback.status()).toBe(400);
  expect(await callback.json()).toMatchObject({ code: 'paid_above_tariffs', path: 'paid' });

  await signIn(page, await newOperator(`refused-${run}`));
  await page.goto(`/admin/campaigns?period=today&by=campaign`);
  const campaignRow = page
    .getByRole('table', { name: 'Воронка: заявки, оплаты и выручка' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: campaign, exact: true }) });
  await expect(campaignRow.getByRole('cell')).toHaveText(['1', '0', '0', '0', '0 %', '0\u00a0₽', '0\u00a0₽']);

  await page.goto('/admin');
  await page.getByRole('link', { name: 'Отклонённые оплаты' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Отклонённые оплаты');
  const row = page.getByRole('table', { name: 'Отклонённые оплаты, сначала последние' }).getByRole('row').filter({ hasText: number });
  await expect(row.getByRole('cell')).toHaveText([
    number,
    /^Заявка \d+$/,
    'оплачен',
    'не указано',
    '100\u00a0000\u00a0000\u00a0000\u00a0₽',
    /^Оплачено больше, чем стоит самый дорогой курс школы \(\d{3}\u00a0\d{3}\u00a0₽\)$/,
    /^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/,
    '1 раз',
  ]);
  await expectAxeClean(page, 'Отклонённые оплаты');
  // The lead it belongs to opens from the row.
  await row.getByRole('link', { name: /^Заявка \d+$/ }).click();
  await expect(page.getByText(email)).toBeVisible();
});

test("the gift pop-up's page shows the gift page's address, to copy", async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2eBaseUrl });
  await signIn(page, await newOperator(`gift-address-${Date.now().toString(36)}`));
  await page.goto('/admin/popups/popup-junior-gift');
  const address = `${e2eBaseUrl}/products/junior-js/${e2eGiftPopupToken}`;
  await expect(page.getByText(`Страница с подарком: ${address}`)).toBeVisible();
  await expect(page.getByRole('link', { name: address })).toHaveAttribute('href', address);
  await expect(page.getByText(/Будет показываться на 0 страницах/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Скопировать адрес' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Скопировано' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  await expectAxeClean(page, 'Поп-ап');
});
