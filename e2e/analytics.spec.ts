import type { Page } from '@playwright/test';
import { PAGE_VIEWS_ENDPOINT } from '../lib/api-contract';
import { expect, test } from './support/fixtures';

/** Container id the e2e build is made with (e2e/support/env.ts). */
const containerId = 'GTM-E2ETEST';
const tagManager = 'https://www.googletagmanager.com/**';

function dataLayer(page: Page) {
  return page.evaluate(() => (window as unknown as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []);
}

async function storeSession(page: Page, value: string) {
  await page.addInitScript((session) => window.localStorage.setItem('session', session), value);
}

test.describe('analytics', () => {
  test('the tag manager loads with the container id after the page is interactive, not with the page', async ({ page, request }) => {
    const html = await (await request.get('/')).text();
    expect(html).not.toContain('googletagmanager.com/gtm.js');

    const requested: string[] = [];
    await page.route(tagManager, (route) => {
      requested.push(route.request().url());
      return route.fulfill({ contentType: 'text/javascript', body: 'window.__tagManagerRan = true;' });
    });
    await page.goto('/');
    await expect.poll(() => page.evaluate(() => (window as unknown as { __tagManagerRan?: boolean }).__tagManagerRan)).toBe(true);
    expect(requested).toHaveLength(1);
    const url = new URL(requested[0]!);
    expect(url.pathname).toBe('/gtm.js');
    expect(url.searchParams.get('id')).toBe(containerId);
    const events = await dataLayer(page);
    expect(events).toContainEqual(expect.objectContaining({ event: 'gtm.js' }));
  });

  test('a stored session pushes user_id_event with its user_id once', async ({ page }) => {
    await storeSession(page, JSON.stringify({ user_id: 'u-42', token: 'ignored' }));
    await page.goto('/');
    await expect.poll(() => dataLayer(page)).toContainEqual({ event: 'user_id_event', user_id: 'u-42' });
    const events = await dataLayer(page);
    expect(events.filter((e) => e.event === 'user_id_event')).toHaveLength(1);
  });

  test('a numeric user_id is pushed as stored', async ({ page }) => {
    await storeSession(page, JSON.stringify({ user_id: 1001 }));
    await page.goto('/');
    await expect.poll(() => dataLayer(page)).toContainEqual({ event: 'user_id_event', user_id: 1001 });
  });

  for (const [label, stored] of [
    ['no session', null],
    ['a session without user_id', '{"token":"x"}'],
    ['a broken session value', '{"user_id":'],
  ] as const) {
    test(`${label}: no user_id_event and no error`, async ({ page, consoleErrors }) => {
      if (stored !== null) await storeSession(page, stored);
      await page.goto('/');
      // The tag manager's own event shows that the analytics widget has run.
      await expect.poll(() => dataLayer(page)).toContainEqual(expect.objectContaining({ event: 'gtm.js' }));
      const events = await dataLayer(page);
      expect(events.filter((e) => e.event === 'user_id_event')).toEqual([]);
      expect(consoleErrors).toEqual([]);
    });
  }

  test('a blocked tag manager breaks nothing: events still queue and the widgets work', async ({ page }) => {
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.route(tagManager, (route) => route.abort('blockedbyclient'));
    await storeSession(page, JSON.stringify({ user_id: 'u-7' }));
    await page.goto('/?utm_source=blocked');

    await expect.poll(() => dataLayer(page)).toContainEqual({ event: 'user_id_event', user_id: 'u-7' });
    const tab = page.getByRole('button', { name: 'Новый курс Vue 3 / Подарок за подписку!' });
    await tab.click();
    await expect(page.getByRole('dialog', { name: 'Новый курс Vue 3' })).toBeVisible();
    expect(pageErrors).toEqual([]);
  });

  test('storage that throws (blocked by the browser) breaks nothing', async ({ page }) => {
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
    });
    await page.goto('/');
    await expect.poll(() => dataLayer(page)).toContainEqual(expect.objectContaining({ event: 'gtm.js' }));
    expect((await dataLayer(page)).filter((e) => e.event === 'user_id_event')).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  test('a course page sends one view for the autopilot, by its own path without the query; another page sends none', async ({ page }) => {
    const views: { path: string }[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(PAGE_VIEWS_ENDPOINT)) views.push(JSON.parse(request.postData() ?? 'null') as { path: string });
    });
    const answered = page.waitForResponse((response) => response.url().endsWith(PAGE_VIEWS_ENDPOINT));
    await page.goto('/products/git?utm_source=vk&email=anna@example.com');
    expect((await answered).status()).toBe(204);
    expect(views).toEqual([{ path: '/products/git' }]);

    views.length = 0;
    await page.goto('/media');
    // The analytics ran (the tag manager's event comes after the view's step), and sent no view.
    await expect.poll(() => dataLayer(page)).toContainEqual(expect.objectContaining({ event: 'gtm.js' }));
    expect(views).toEqual([]);
  });

  test('the content security policy lets the tag manager load', async ({ request }) => {
    const csp = (await request.get('/')).headers()['content-security-policy']!;
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('script-src')).toContain('https://www.googletagmanager.com');
    expect(directive('connect-src')).toContain('https://www.googletagmanager.com');
    expect(directive('img-src')).toContain('https://www.googletagmanager.com');
  });
});
