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

/** GetCourse marks the deal paid and its orders process calls the site's URL (the fake plays both). */
async function payInGetCourse(number: string, roubles: number) {
  const response = await fetch(`${fakeGetCourseUrl}/__fake/deal-status`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ number, status: 'payed', cost: roubles, paid: roubles, callUrl: callbackTemplate }),
  });
  expect(await response.json()).toEqual({ status: 200, body: { ok: true, result: 'changed' } });
}

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
  await expect(rowOf(campaigns.a).getByRole('cell')).toHaveText(['3', '2', '0', '66,7 %', '17\u00a0990\u00a0₽', '5\u00a0997\u00a0₽']);
  await expect(rowOf(campaigns.b).getByRole('cell')).toHaveText(['2', '1', '0', '50 %', '7\u00a0000\u00a0₽', '3\u00a0500\u00a0₽']);
  await expect(page.getByRole('img', { name: /Выручка по группам/ })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Скачать CSV' }).click();
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(fs.readFileSync(await (await download).path()));
  expect(
    text.startsWith(
      '\uFEFFКампания (utm_campaign);Заявки;Оплаченные сделки;Частично оплаченные сделки;Конверсия в оплату, %;Выручка, ₽;Выручка на заявку, ₽\r\n',
    ),
  ).toBe(true);
  const lines = text.slice(1).split('\r\n');
  expect(lines).toContain(`${campaigns.a};3;2;0;66,7;17990,00;5996,67`);
  expect(lines).toContain(`${campaigns.b};2;1;0;50,0;7000,00;3500,00`);

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
