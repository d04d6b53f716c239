import { AxeBuilder } from './support/axe';
import { coursePages, courses } from '../content/courses';
import { giftPopupToken } from '../content/courses/gift-popup';
import { events } from '../content/events';
import { welcomeInfoPages } from '../content/pages';
import { e2eGiftPopupToken } from './support/env';
import { expect, test } from './support/fixtures';

/**
 * Course, event and static pages: variants are noindex copies of their base page (no canonical: it would
 * contradict the noindex) carrying their own form settings, course pages have every section, FAQ answers open without JavaScript, the
 * catalog links every course, the sitemap lists indexable pages only.
 */

// This process may not see the build's GIFT_POPUP_TOKEN; the test build uses e2eGiftPopupToken.
const pages = coursePages().map((page) => {
  if (page.variant?.id !== giftPopupToken) return { ...page, variantId: page.variant?.id };
  const swap = (text: string) => text.replace(giftPopupToken, e2eGiftPopupToken);
  return { ...page, path: swap(page.path), form: { ...page.form, formId: swap(page.form.formId) }, variantId: e2eGiftPopupToken };
});

function attribute(html: string, pattern: RegExp): string | undefined {
  return pattern.exec(html)?.[1];
}

test('every variant is noindex, names no canonical and carries its own form', async ({ request }) => {
  const variants = pages.filter((page) => page.variantId);
  expect(variants.length).toBeGreaterThan(10);
  for (const page of variants) {
    const html = await (await request.get(page.path)).text();
    expect(html, page.path).toMatch(/<meta name="robots" content="noindex, follow"/);
    expect(html, page.path).not.toContain('rel="canonical"');
    expect(attribute(html, /data-form-id="([^"]+)"/), page.path).toBe(page.form.formId);
    expect(attribute(html, /data-product-name="([^"]+)"/), page.path).toBe(page.form.productName);
    expect(attribute(html, /data-variant-id="([^"]+)"/), page.path).toBe(page.variantId);
  }
});

test('every base course page is indexable, canonical to itself and has every section', async ({ request }) => {
  for (const course of courses()) {
    const html = await (await request.get(course.path)).text();
    expect(html, course.path).not.toContain('name="robots"');
    expect(attribute(html, /<link rel="canonical" href="([^"]+)"/), course.path).toMatch(new RegExp(`${course.path}$`));
    for (const id of ['audience', 'program', 'outcomes', 'tariff-description', 'faq', 'lead-form']) {
      expect(html, `${course.path} #${id}`).toContain(`id="${id}"`);
    }
    expect(html, course.path).toContain(`data-form-id="${course.form.formId}"`);
    expect(html, course.path).not.toMatch(/data-variant-id="/);
  }
});

test('a product page shows every tariff price as Intl formats it in roubles, and its modules', async ({ page }) => {
  // The course with the most to show: monthly and struck-out prices (ru-RU, RUB).
  const course = courses().find((candidate) => candidate.tariffs.some((tariff) => tariff.monthly && tariff.oldPrice))!;
  const rubles = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', maximumFractionDigits: 0 });
  const shown = (price: number, monthly: boolean) => `${rubles.format(price)}${monthly ? '/мес.' : ''}`;
  await page.goto(course.path);
  const tariffs = page.locator('#tariff-description');
  await expect(tariffs.getByRole('heading', { level: 2 })).toHaveText('Тарифы и цены');
  for (const tariff of course.tariffs) {
    await expect(tariffs.getByText(shown(tariff.price, tariff.monthly), { exact: true }).first(), tariff.name).toBeVisible();
    if (tariff.oldPrice) await expect(tariffs.locator('s', { hasText: shown(tariff.oldPrice, tariff.monthly) }), tariff.name).toBeVisible();
  }
  await expect(page.locator('#program ol > li')).toHaveCount(course.modules.length);
  await page.getByRole('link', { name: course.hero.cta }).click();
  await expect(page).toHaveURL(/#lead-form$/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('FAQ answers open by keyboard and click', async ({ page }) => {
    const course = courses()[0]!;
    await page.goto(course.path);
    const items = page.locator('#faq details');
    await expect(items).toHaveCount(course.faq.length);
    const answerOf = (index: number) => items.nth(index).locator(':scope > :not(summary)');
    await expect(answerOf(0)).toBeHidden();
    await items.nth(0).locator('summary').click();
    await expect(answerOf(0)).toBeVisible();
    await expect(answerOf(1)).toBeHidden();
    await items.nth(1).locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(answerOf(1)).toBeVisible();
  });
});

test('the catalog links every course in its section', async ({ page }) => {
  await page.goto('/products');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Курсы фронтенд-разработки');
  for (const course of courses()) {
    const anchor = { profession: 'professions', skill: 'skills', free: 'free' }[course.category];
    await expect(page.locator(`#${anchor} a[href="${course.path}"]`), course.slug).toHaveCount(1);
  }
});

test('the sitemap lists indexable pages and no variants', async ({ request }) => {
  const xml = await (await request.get('/sitemap.xml')).text();
  const listed = new Set([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname));
  for (const course of courses()) expect(listed.has(course.path), course.path).toBe(true);
  for (const page of welcomeInfoPages) expect(listed.has(page.path), page.path).toBe(true);
  for (const event of events) expect(listed.has(`/events/${event.slug}`), event.slug).toBe(true);
  for (const path of ['/', '/products', '/about', '/cooperation', '/docs', '/roadmap/frontend', '/media']) expect(listed.has(path), path).toBe(true);
  for (const page of pages.filter((candidate) => candidate.variantId)) expect(listed.has(page.path), page.path).toBe(false);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/Sitemap: http:\/\/[^\s]+\/sitemap\.xml/);
});

test('docs have the legal anchors and the footer reaches them', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Договор-оферта' }).click();
  await expect(page).toHaveURL(/\/docs#offer$/);
  for (const id of ['privacy', 'terms', 'offer']) await expect(page.locator(`article#${id} h2`)).toBeVisible();
});

test('home links the roadmaps, stories and media', async ({ page, consoleErrors }) => {
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const roadmaps = page.locator('#roadmaps');
  await expect(roadmaps.locator('a[href="/roadmap/frontend"]')).toBeVisible();
  await expect(roadmaps.locator('a[href="/roadmap/react"]')).toBeVisible();
  await page.locator('#reading a[href="/personal-stories"]').click();
  await expect(page).toHaveURL(/\/personal-stories$/);
  expect(consoleErrors).toEqual([]);
});

test('content pages have no serious accessibility violations', async ({ page }) => {
  test.setTimeout(120_000);
  for (const path of [
    '/',
    '/products',
    '/products/junior-js',
    '/frontend-developer-tg',
    '/about',
    '/cooperation',
    '/docs',
    '/edu-spravka',
    '/events/snow-quest',
  ]) {
    await page.goto(path);
    // Only the server-rendered page: the floating widgets are checked by their own specs.
    const serious = await new AxeBuilder({ page }).include('main').seriousViolations();
    expect(
      serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
      path,
    ).toEqual([]);
  }
});
