import { AxeBuilder } from './support/axe';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { e2eBaseUrl, e2eMetricsToken } from './support/env';
import { expect, test } from './support/fixtures';
import { MIN_NETWORKS, MIN_SAMPLES } from '../features/console-speed/vitals-figures';
import { newOperator, signIn } from './support/operator';
import { fromAddress } from './support/visitor-address';

/**
 * Field Core Web Vitals, end to end: a real browser opens pages as a phone, a tablet and a
 * desktop, switches away from them, and its reports are found counted under the right page type (the route pattern,
 * never the path or its query) and device, in the console's «Скорость сайта» and in /api/metrics.
 */

const devices = {
  phone: { viewport: { width: 412, height: 915 }, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true },
  tablet: { viewport: { width: 820, height: 1180 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 } },
} satisfies Record<string, BrowserContextOptions>;
type Device = keyof typeof devices;

const visits: { device: Device; path: string; pageType: string }[] = [
  { device: 'phone', path: '/products/junior-js?utm_source=e2e-vitals#tariffs', pageType: '/products/[course]' },
  { device: 'tablet', path: '/media', pageType: '/media' },
  { device: 'desktop', path: '/about', pageType: '/about' },
];

/**
 * Opens `path` as `device`, waits until the web-vitals library measures, presses a key (an interaction
 * for INP), and switches away from the tab: the page turns hidden, and the reporter's beacon leaves then.
 * The page is hidden while it lives, not left: a beacon sent while a page unloads leaves without the
 * context's headers (Chromium sends it after DevTools let go of the page), so it would come from
 * 127.0.0.1, whose few counted reports of a page type a day the suite's other pages may have used up.
 * A beacon is not shown to Playwright: the server's counts are the proof.
 */
async function visitAndSwitchAway(browser: Browser, device: Device, path: string, counted: () => Promise<void>): Promise<void> {
  // An address of its own: the suite's other pages report from 127.0.0.1, whose few reports a page type
  // a day may already be counted.
  const context = await browser.newContext({ ...devices[device], ...fromAddress(), baseURL: e2eBaseUrl, locale: 'ru-RU' });
  const page = await context.newPage();
  await page.goto(path);
  // The reporter marks the page once web-vitals measures every metric (it loads after idle; CLS starts
  // once the library has seen the first paint).
  await expect(page.locator('html[data-vitals]')).toHaveCount(1);
  // A key press is an interaction for INP, and no pop-up another test shows on the page can intercept it.
  await page.keyboard.press('Tab');
  await switchAway(page);
  try {
    await counted();
  } finally {
    await context.close();
  }
}

/**
 * What a browser does when its tab is switched away from: the document's visibility turns `hidden` and
 * `visibilitychange` fires (headless Chromium keeps every tab visible, so the test sets both).
 */
async function switchAway(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

async function metricsText(): Promise<string> {
  const response = await fetch(`${e2eBaseUrl}/api/metrics`, { headers: { authorization: `Bearer ${e2eMetricsToken}` } });
  expect(response.status).toBe(200);
  return response.text();
}

/** `school_web_vitals_<metric>_count` of a page type and device (0 before the first report). */
function countIn(text: string, series: string, pageType: string, device: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series}_count{page_type="${pageType}",device="${device}"}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

test('reports from a phone, a tablet and a desktop are counted per page type and device, in the console and /api/metrics', async ({ browser, page }) => {
  const before = await metricsText();
  for (const visit of visits) {
    // Counted under the route pattern and the device class (the query never reaches the server: an
    // unknown page type would be refused), every metric of a page view that was pressed and hidden.
    await visitAndSwitchAway(browser, visit.device, visit.path, () =>
      expect
        .poll(async () => countIn(await metricsText(), 'school_web_vitals_cls', visit.pageType, visit.device), {
          message: `CLS of ${visit.device} ${visit.path}`,
        })
        .toBeGreaterThan(countIn(before, 'school_web_vitals_cls', visit.pageType, visit.device)),
    );
  }
  const after = await metricsText();
  for (const visit of visits) {
    for (const series of ['school_web_vitals_lcp_seconds', 'school_web_vitals_fcp_seconds', 'school_web_vitals_ttfb_seconds', 'school_web_vitals_cls']) {
      expect(countIn(after, series, visit.pageType, visit.device), `${series} ${visit.pageType} ${visit.device}`).toBeGreaterThan(
        countIn(before, series, visit.pageType, visit.device),
      );
    }
  }

  await signIn(page, await newOperator('vitals'));
  await page.getByRole('navigation', { name: 'Разделы консоли' }).getByRole('link', { name: 'Скорость сайта' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Скорость сайта' })).toBeVisible();
  for (const visit of visits) {
    const row = page.locator(`tr[data-page-type="${visit.pageType}"][data-device="${visit.device}"]`);
    await expect(row).toHaveCount(1);
    expect(Number(await row.locator('td[data-views]').textContent())).toBeGreaterThanOrEqual(1);
    // A handful of samples: shown without colour, as «мало данных».
    await expect(row.locator('td[data-metric="LCP"]')).toContainText('мало данных');
  }
  const serious = await new AxeBuilder({ page }).seriousViolations();
  expect(serious).toEqual([]);
  // The device filter keeps only that device's rows.
  await page.getByLabel('Устройство').selectOption('phone');
  await page.getByRole('button', { name: 'Показать' }).click();
  await expect(page).toHaveURL(/device=phone/);
  await expect(page.locator('tr[data-device="desktop"]')).toHaveCount(0);
  await expect(page.locator('tr[data-page-type="/products/[course]"][data-device="phone"]')).toHaveCount(1);
  await expect(page.getByRole('img', { name: /^p75 LCP по дням/ })).toBeVisible();
});

test('the endpoint refuses an unknown metric and an absurd value in JSON', async ({ request }) => {
  const report = { page: '/', device: 'phone', connection: '4g', navigation: 'navigate', popup: false };
  const unknown = await request.post('/api/vitals', {
    headers: { origin: e2eBaseUrl, 'content-type': 'text/plain' },
    data: JSON.stringify({ ...report, metrics: [{ name: 'FID', value: 5 }] }),
  });
  expect(unknown.status()).toBe(422);
  expect(await unknown.json()).toEqual({ code: 'unknown_metric', message: 'Неизвестная метрика' });
  const absurd = await request.post('/api/vitals', {
    headers: { origin: e2eBaseUrl, 'content-type': 'text/plain' },
    data: JSON.stringify({ ...report, metrics: [{ name: 'LCP', value: -1 }] }),
  });
  expect(absurd.status()).toBe(422);
});

test('a slow page type is coloured only with reports from enough networks (until then «мало сетей»), and its LCP elements and INP targets are named', async ({
  page,
}) => {
  const pageType = '/personal-stories/category/[category]';
  const report = (i: number) => ({
    page: pageType,
    device: 'tablet',
    connection: '3g',
    navigation: 'navigate',
    popup: false,
    metrics: [
      { name: 'LCP', value: 4500 + i, target: 'main>section.e2e-hero>img' },
      { name: 'INP', value: 650, target: 'button.e2e-slow-filter', phase: 'processing-duration' },
      { name: 'CLS', value: 0.01 },
    ],
  });
  /** `count` page views, spread over `addresses` (each a network of its own), within an address's daily cap. */
  let sent = 0;
  const views = async (addresses: Record<string, string>[], count: number) => {
    for (let i = 0; i < count; i += 1) {
      const answer = await page.request.post('/api/vitals', {
        headers: { ...addresses[i % addresses.length], origin: e2eBaseUrl, 'content-type': 'text/plain' },
        data: JSON.stringify(report(sent++)),
      });
      expect(answer.status()).toBe(204);
    }
  };
  const speedRow = () => page.locator(`tr[data-page-type="${pageType}"][data-device="tablet"]`);
  // Enough page views, but from half the networks a colour needs: the row says so, without colour.
  const half = Array.from({ length: MIN_NETWORKS / 2 }, () => fromAddress().extraHTTPHeaders);
  await views(half, MIN_SAMPLES);
  await signIn(page, await newOperator('vitals-slow'));
  await page.goto('/admin/speed?device=tablet');
  await expect(speedRow().locator('td[data-metric="LCP"] [data-rating]')).toHaveAttribute('data-rating', 'few-networks');
  await expect(speedRow().locator('td[data-metric="LCP"]')).toContainText('мало сетей');
  await expect(page.getByText(`меньше чем из ${MIN_NETWORKS} разных сетей`)).toBeVisible();
  // The other half of the networks: now it is coloured.
  await views(
    Array.from({ length: MIN_NETWORKS / 2 }, () => fromAddress().extraHTTPHeaders),
    MIN_NETWORKS / 2,
  );
  await page.goto('/admin/speed?device=tablet');
  const row = speedRow();
  await expect(row.locator('td[data-metric="LCP"] [data-rating]')).toHaveAttribute('data-rating', 'poor');
  await expect(row.locator('td[data-metric="LCP"]')).toContainText('плохо');
  await expect(row.locator('td[data-metric="CLS"] [data-rating]')).toHaveAttribute('data-rating', 'good');
  const slow = page.getByRole('region', { name: `Тип страницы ${pageType}` });
  await expect(slow.getByRole('table', { name: 'Частые элементы LCP' })).toContainText('main>section.e2e-hero>img');
  const targets = slow.getByRole('table', { name: 'Частые цели взаимодействий (INP)' });
  await expect(targets).toContainText('button.e2e-slow-filter');
  await expect(targets).toContainText('обработчики событий');
});
