import fs from 'node:fs';
import type { ReceivedRequest } from '../tests/support/fake-getcourse';
import { e2eBaseUrl, e2eCallbackSecret, fakeGetCourseUrl } from './support/env';
import { expect, test } from './support/fixtures';
import { newOperator, signIn } from './support/operator';
import { LEADS_ENDPOINT } from '../lib/api-contract';

/** The «Вызвать URL» template as docs/operations.md tells the school to paste it. */
const callbackTemplate = `${e2eBaseUrl}/api/getcourse/deal-status?number={object.number}&status={object.status}&cost={object.cost_money_value}&paid={object.payed_money}&secret=${e2eCallbackSecret}`;

function dealNumberOf(received: ReceivedRequest[], email: string): string | undefined {
  const request = received.find((entry) => entry.path === '/pl/api/deals' && JSON.stringify(entry.params).includes(email));
  return (request?.params as { deal?: { deal_number?: string } } | undefined)?.deal?.deal_number;
}

/** GetCourse sets the deal's status and money and its orders process calls the site's URL (the fake plays both). */
async function dealInGetCourse(number: string, status: string, cost: number, paid: number) {
  const response = await fetch(`${fakeGetCourseUrl}/__fake/deal-status`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ number, status, cost, paid, callUrl: callbackTemplate }),
  });
  expect(await response.json()).toEqual({ status: 200, body: { ok: true, result: 'changed' } });
}

/** GetCourse marks the deal paid in full. */
const payInGetCourse = (number: string, roubles: number) => dealInGetCourse(number, 'payed', roubles, roubles);

test("leads of two campaigns, some paid through GetCourse's callback, show as leads, paid deals, conversion and revenue per campaign, and in the CSV", async ({
  page,
  fakeGetCourse,
}) => {
  const run = Date.now().toString(36);
  const campaigns = { a: `e2e-spring-${run}`, b: `e2e-autumn-${run}` };
  const leads = [
    { campaign: campaigns.a, pay: 12_990 },
    { campaign: campaigns.a, pay: 5_000 },
    { campaign: campaigns.a, pay: 0 },
    { campaign: campaigns.b, pay: 7_000 },
    { campaign: campaigns.b, pay: 0 },
  ].map((lead, index) => ({ ...lead, email: `campaign-${run}-${index}@example.com` }));

  for (const [index, lead] of leads.entries()) {
    const posted = await page.request.post(LEADS_ENDPOINT, {
      headers: { origin: e2eBaseUrl },
      data: {
        extra: { utm: { source: 'vk', campaign: lead.campaign }, page_path: '/products/git' },
        form: { id: 'contact' },
        contacts: { name: 'Мария Кампаниева', email: lead.email, phone: `+7 916 555-${String(10 + index).padStart(2, '0')}-${String(20 + index)}` },
        website: '',
      },
    });
    expect(posted.ok()).toBe(true);
  }
  // The worker delivers each lead as a deal; GetCourse knows them by our deal numbers.
  const received = await fakeGetCourse.waitFor((all) => leads.every((lead) => dealNumberOf(all, lead.email)));
  for (const lead of leads) if (lead.pay > 0) await payInGetCourse(dealNumberOf(received, lead.email)!, lead.pay);

  await signIn(page, await newOperator(`campaigns-${Date.now().toString(36)}`));
  await page.getByRole('link', { name: 'Кампании' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Кампании: от заявки до оплаты');
  await page.getByLabel('Период').selectOption('today');
  await page.getByLabel('Группировать по').selectOption('campaign');
  await page.getByRole('button', { name: 'Показать' }).click();
  await expect(page).toHaveURL(/period=today/);
  const table = page.getByRole('table', { name: 'Воронка: заявки, оплаты и выручка' });
  const rowOf = (campaign: string) => table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: campaign, exact: true }) });
  await expect(rowOf(campaigns.a).getByRole('cell')).toHaveText(['3', '2', '0', '0', '66,7 %', '17\u00a0990\u00a0₽', '5\u00a0997\u00a0₽']);
  await expect(rowOf(campaigns.b).getByRole('cell')).toHaveText(['2', '1', '0', '0', '50 %', '7\u00a0000\u00a0₽', '3\u00a0500\u00a0₽']);
  await expect(page.getByRole('img', { name: /Выручка по группам/ })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Скачать CSV' }).click();
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(fs.readFileSync(await (await download).path()));
  expect(
    text.startsWith(
      '\uFEFFКампания (utm_campaign);Заявки;Оплаченные сделки;Частично оплаченные сделки;Возвраты;Конверсия в оплату, %;Выручка, ₽;Выручка на заявку, ₽\r\n',
    ),
  ).toBe(true);
  const lines = text.slice(1).split('\r\n');
  expect(lines).toContain(`${campaigns.a};3;2;0;0;66,7;17990,00;5996,67`);
  expect(lines).toContain(`${campaigns.b};2;1;0;0;50,0;7000,00;3500,00`);

  // The leads list finds the paid ones of a campaign, with the amount.
  await page.goto(`/admin/leads?utm_campaign=${campaigns.a}&payment=paid`);
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: leads[0]!.email })).toContainText('12\u00a0990\u00a0₽');
  await expect(rows.filter({ hasText: leads[1]!.email })).toContainText('5\u00a0000\u00a0₽');
  await rows.filter({ hasText: leads[0]!.email }).getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'Оплата' })).toBeVisible();
  await expect(page.getByText(/Сделка \d+: оплачена/)).toBeVisible();
});

test('a refund shows on «Кампании» apart from the paid deals and out of the revenue, and «частично оплачена» finds the deal paid in part', async ({
  page,
  fakeGetCourse,
}) => {
  const run = Date.now().toString(36);
  const campaign = `e2e-refund-${run}`;
  const emails = ['refunded', 'part', 'paid'].map((kind) => `campaign-${kind}-${run}@example.com`);
  for (const [index, email] of emails.entries()) {
    const posted = await page.request.post(LEADS_ENDPOINT, {
      headers: { origin: e2eBaseUrl },
      data: {
        extra: { utm: { source: 'vk', campaign }, page_path: '/products/git' },
        form: { id: 'contact' },
        contacts: { name: 'Пётр Возвратов', email, phone: `+7 916 555-30-${String(10 + index)}` },
        website: '',
      },
    });
    expect(posted.ok()).toBe(true);
  }
  const received = await fakeGetCourse.waitFor((all) => emails.every((email) => dealNumberOf(all, email)));
  const [refunded, part, paid] = emails.map((email) => dealNumberOf(received, email)!);
  await payInGetCourse(refunded!, 12_990);
  await dealInGetCourse(refunded!, 'cancelled', 12_990, 0);
  await dealInGetCourse(part!, 'part_payed', 12_990, 5_000);
  await payInGetCourse(paid!, 7_000);

  await signIn(page, await newOperator(`campaigns-refund-${run}`));
  await page.goto('/admin/campaigns?period=today&by=campaign');
  const table = page.getByRole('table', { name: 'Воронка: заявки, оплаты и выручка' });
  await expect(table.getByRole('columnheader', { name: 'Возвраты' })).toBeVisible();
  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: campaign, exact: true }) });
  // 3 leads: one paid, one paid in part, one refunded; the revenue is the paid and part-paid money.
  await expect(row.getByRole('cell')).toHaveText(['3', '1', '1', '1', '33,3 %', '12\u00a0000\u00a0₽', '4\u00a0000\u00a0₽']);

  await page.goto(`/admin/leads?utm_campaign=${campaign}`);
  await page.getByLabel('Оплата').selectOption({ label: 'частично оплачена' });
  await page.getByRole('button', { name: 'Показать' }).click();
  await expect(page).toHaveURL(/payment=part/);
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(emails[1]!);
  await expect(rows.nth(1)).toContainText('частично оплачена');
});
