import { popupName } from '../content/names';
import { moscowToday } from '../lib/calendar';
import { DAILY_CAPS } from '../server/traffic/caps';
import { popupCounts as countsOf } from './support/database';
import { e2eBaseUrl, e2eMetricsToken } from './support/env';
import { expect, test } from './support/fixtures';
import { newOperator, signIn } from './support/operator';
import { fromAddress } from './support/visitor-address';

/**
 * The console's figures under a flood from one address, as the security review sent it: 1,000 pop-up
 * events (one show to nineteen finishes) on a real page and made-up ones, and 30 reports of a 118.81 s
 * LCP of an invented element. «Поп-апы» and «Скорость сайта» (and /api/metrics) move by at most the
 * address's daily caps, the conversion stays within 100 %, and both pages name «Подозрительный трафик».
 * The pop-up and the page type are ones no other spec counts.
 */
const popup = 'promo-career';
const realPage = '/products/middle-js';
const pageType = '/roadmap/[roadmapAlias]/topic/[topicAlias]';

const popupCounts = () => countsOf(popup);

async function lcpReports(): Promise<number> {
  const text = await (await fetch(`${e2eBaseUrl}/api/metrics`, { headers: { authorization: `Bearer ${e2eMetricsToken}` } })).text();
  const line = text.split('\n').find((candidate) => candidate.startsWith(`school_web_vitals_lcp_seconds_count{page_type="${pageType}",device="tablet"}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

test("a flood from one address moves the console's figures by at most its caps and is shown as «Подозрительный трафик»", async ({ page }) => {
  const before = { popup: await popupCounts(), lcp: await lcpReports() };
  const headers = { ...fromAddress().extraHTTPHeaders, origin: e2eBaseUrl, 'content-type': 'text/plain' };
  const paths = [realPage, '/made-up', '/wp-login.php', '/products/git'];
  for (let beacon = 0; beacon < 50; beacon++) {
    const events = [
      { popup, event: 'shown', path: realPage },
      ...Array.from({ length: 19 }, (_, k) => ({ popup, event: 'finished', path: paths[k % paths.length] })),
    ];
    expect((await page.request.post('/api/popup-events', { headers, data: JSON.stringify({ events }) })).status()).toBe(204);
  }
  const report = {
    page: pageType,
    device: 'tablet',
    connection: '4g',
    navigation: 'navigate',
    popup: false,
    metrics: [{ name: 'LCP', value: 118_810, target: 'div#invented-by-a-script' }],
  };
  for (let i = 0; i < 30; i++) expect((await page.request.post('/api/vitals', { headers, data: JSON.stringify(report) })).status()).toBe(204);

  const after = { popup: await popupCounts(), lcp: await lcpReports() };
  expect(after.popup.shown - before.popup.shown).toBeLessThanOrEqual(DAILY_CAPS.popupEvent);
  expect(after.popup.finished - before.popup.finished).toBeLessThanOrEqual(after.popup.shown - before.popup.shown);
  expect(after.lcp - before.lcp).toBeGreaterThan(0);
  expect(after.lcp - before.lcp).toBeLessThanOrEqual(DAILY_CAPS.vitalsReport);

  await signIn(page, await newOperator('figures-flood'));
  await page.goto('/admin/popups');
  const today = moscowToday().split('-').reverse().join('.');
  const row = page
    .getByRole('table', { name: 'Показы, закрытия и конверсия поп-апов по дням' })
    .getByRole('row')
    .filter({ hasText: popupName(popup) })
    .filter({ hasText: today });
  const cells = row.getByRole('cell');
  const [shown, finished] = [Number(await cells.nth(2).textContent()), Number(await cells.nth(4).textContent())];
  expect(finished).toBeLessThanOrEqual(shown);
  expect(Number((await cells.nth(5).textContent())!.replace(/\s*%$/, '').replace(',', '.'))).toBeLessThanOrEqual(100);
  const suspiciousPopups = page.getByRole('region', { name: 'Подозрительный трафик' });
  await expect(suspiciousPopups.getByRole('heading', { name: 'Подозрительный трафик' })).toBeVisible();
  const flooded = suspiciousPopups.locator(`tr[data-suspicious="${popup}"]`);
  await expect(flooded).toContainText(today);
  expect(Number((await flooded.getByRole('cell').nth(2).textContent())!.replace(/\D/g, ''))).toBeGreaterThanOrEqual(1000 - 2 * DAILY_CAPS.popupEvent);

  await page.goto('/admin/speed');
  const suspiciousVitals = page.getByRole('region', { name: 'Подозрительный трафик' }).locator(`tr[data-suspicious="${pageType}"]`);
  await expect(suspiciousVitals).toContainText(today);
  await expect(suspiciousVitals.getByRole('cell').nth(2)).toHaveText(String(30 - (after.lcp - before.lcp)));
});
