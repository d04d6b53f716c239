import { e2eGiftPopupToken } from './support/env';
import { expect, test } from './support/fixtures';

/** Every route with concrete values, and every path that pop-ups refer to. */
const specPaths = [
  '/',
  '/about',
  '/cooperation',
  '/docs',
  '/products',
  '/edu-frontend',
  '/edu-about',
  '/edu-about-program',
  '/eduprogramm',
  '/edu-spravka',
  '/edu-internet',
  ...[
    'html-css-free',
    'html-css-free-mini',
    'junior-js',
    'middle-js',
    'diagnostics',
    'advanced-js',
    'git',
    'typescript',
    'html-css',
    'advanced-html-css',
    'ai',
    'ai-for-dev',
    'base-programming',
    'first-stage',
    'javascript-learn',
    'react',
    'react-developer',
    'state-managers',
    'junior',
    'frontend-upgrade',
    'vue-predzap',
  ].map((slug) => `/products/${slug}`),
  '/frontend-developer',
  '/study-developer-program',
  '/study-developer-program-start',
  '/study-developer-start',
  '/events/snow-quest',
  '/events/spring-2025',
  '/events/demo5days',
  '/events/demo5js1',
  '/events/demo5html1',
  '/events/new-year-2425',
  '/roadmap/frontend',
  '/roadmap/react',
  '/personal-stories',
  '/media',
  // Paths that pop-ups refer to.
  '/products/react-developer/t8a3',
  '/products/middle-js/b1',
  '/products/middle-js/cvrna',
  '/products/junior-js/cvrna',
  `/products/junior-js/${e2eGiftPopupToken}`,
  '/frontend-developer/cvrna',
  '/products/first-stage/cvrna',
  '/products/react-developer/cvrna',
  '/products/advanced-html-css/cvrna',
];

const missingPaths = [
  '/no-such-page',
  '/products/no-such-course',
  '/products/junior-js/no-such-variant',
  '/media/no-such-article',
  '/personal-stories/no-such-story',
  '/roadmap/no-such-roadmap',
  '/frontend-developer-no-such-variant',
];

test.describe('routes', () => {
  for (const path of specPaths) {
    test(`${path} answers 200 in Russian`, async ({ request }) => {
      const res = await request.get(path);
      expect(res.status()).toBe(200);
      expect(await res.text()).toContain('<html lang="ru"');
    });
  }

  test('every page in the sitemap answers 200 in Russian', async ({ request }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(urls.length).toBeGreaterThan(60);
    for (const path of urls) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      expect(await res.text(), path).toContain('<html lang="ru"');
    }
  });

  for (const path of missingPaths) {
    test(`${path} is a Russian 404`, async ({ request }) => {
      const res = await request.get(path);
      expect(res.status()).toBe(404);
      expect(await res.text()).toContain('Страница не найдена');
    });
  }

  test('the anchors exist', async ({ request }) => {
    for (const path of ['/products/junior-js', '/products/middle-js']) {
      expect(await (await request.get(path)).text(), path).toContain('id="tariff-description"');
    }
    const products = await (await request.get('/products')).text();
    expect(products).toContain('id="free"');
    expect(products).toContain('id="professions"');
  });

  test('variant pages are noindex and name no canonical, which would contradict it', async ({ page }) => {
    await page.goto('/products/junior-js/cvrna');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
  });

  test('security headers are set', async ({ request }) => {
    const res = await request.get('/');
    const headers = res.headers();
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).toContain('https://www.googletagmanager.com');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(headers['x-powered-by']).toBeUndefined();
  });
});

test.describe('pages in the browser', () => {
  const keyPages = ['/', '/products', '/products/junior-js', '/media', '/personal-stories', '/roadmap/frontend', '/events/new-year-2425'];
  for (const path of keyPages) {
    test(`${path} loads without console errors`, async ({ page, consoleErrors }) => {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('h1')).toBeVisible();
      expect(consoleErrors).toEqual([]);
    });
  }

  test('navigation from the home page reaches courses, a roadmap and a course page', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Основная навигация' }).getByRole('link', { name: 'Курсы' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.locator('h1')).toBeVisible();
    await page.locator('a[href^="/products/junior-js"]').first().click();
    await expect(page).toHaveURL(/\/products\/junior-js/);
    await page.getByRole('navigation', { name: 'Основная навигация' }).getByRole('link', { name: 'Роадмап' }).click();
    await expect(page).toHaveURL(/\/roadmap\/frontend$/);
  });

  test('the phone menu opens without JavaScript of ours', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    await page.getByText('Меню', { exact: true }).click();
    await expect(page.getByRole('navigation', { name: 'Меню' }).getByRole('link', { name: 'Медиа' })).toBeVisible();
  });
});
