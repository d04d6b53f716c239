import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

const utm = 'utm_source=vk&utm_medium=cpc&utm_campaign=spring';
/** Course links on the home page: the call-to-action and course links render `<a data-carry-query>`. */
const courseLinks = 'main a[data-carry-query][href^="/products/"]';

/** Adds marked links after the page has loaded, as client-side rendering would. */
async function addMarkedLinks(page: Page, hrefs: string[]) {
  await page.evaluate((list) => {
    const box = document.createElement('div');
    box.id = 'late-links';
    for (const [index, href] of list.entries()) {
      const link = document.createElement('a');
      link.setAttribute('href', href);
      link.setAttribute('data-carry-query', '');
      link.textContent = `link ${index}`;
      box.append(link, ' ');
    }
    document.querySelector('main')!.prepend(box);
  }, hrefs);
  return page.locator('#late-links a');
}

/** The home page opened with `utm`, its course links carrying it; then marked links added late. */
async function addMarkedLinksOnceCarried(page: Page, hrefs: string[]) {
  await page.goto(`/?${utm}`);
  await expect(page.locator(courseLinks).first()).toHaveAttribute('href', /utm_source=vk/);
  return addMarkedLinks(page, hrefs);
}

test.describe('query carried into links', () => {
  test('UTMs from /?utm_source=… are carried into the course links and reach the course page', async ({ page }) => {
    await page.goto(`/?${utm}`);
    const links = page.locator(courseLinks);
    expect(await links.count()).toBeGreaterThan(0);
    const first = links.first();
    await expect(first).toHaveAttribute('href', /[?&]utm_source=vk&utm_medium=cpc&utm_campaign=spring(#|$)/);
    for (const href of await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')!))) {
      expect(new URL(href, 'http://x').searchParams.get('utm_source'), href).toBe('vk');
    }

    const target = new URL((await first.getAttribute('href'))!, page.url());
    await first.click();
    await expect(page).toHaveURL((url) => url.pathname === target.pathname);
    const reached = new URL(page.url());
    expect(reached.searchParams.get('utm_source')).toBe('vk');
    expect(reached.searchParams.get('utm_medium')).toBe('cpc');
    expect(reached.searchParams.get('utm_campaign')).toBe('spring');
  });

  test('the course links are plain links that work without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/?${utm}`);
    const first = page.locator(courseLinks).first();
    const href = (await first.getAttribute('href'))!;
    expect(href).toMatch(/^\/products\//);
    await first.click();
    await expect(page).toHaveURL((url) => url.pathname === new URL(href, 'http://x').pathname);
    await context.close();
  });

  test('without a query the links stay as written', async ({ page }) => {
    await page.goto('/');
    const links = page.locator(courseLinks);
    const before = await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')));
    // The behaviour has run once the marked links carry the saved original.
    await expect(links.first()).toHaveAttribute('data-carry-query-href', before[0]!);
    expect(await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')))).toEqual(before);
  });

  test("links added later get the query when used; the target's own parameters win; hash, external and mail links stay", async ({ page }) => {
    const late = await addMarkedLinksOnceCarried(page, [
      '/products/react?utm_campaign=react-page&variant=b',
      '/products/junior-js#tariff-description',
      '#tariff-description',
      'https://t.me/frontend_frameworks',
      'mailto:support@frontend-start.ru',
    ]);
    const expected = [
      '/products/react?utm_campaign=react-page&variant=b&utm_source=vk&utm_medium=cpc',
      `/products/junior-js?${utm}#tariff-description`,
      '#tariff-description',
      'https://t.me/frontend_frameworks',
      'mailto:support@frontend-start.ru',
    ];
    for (const [index, href] of expected.entries()) {
      const link = late.nth(index);
      // What a click, a middle click or a long press starts with (without following the link here).
      await link.dispatchEvent('pointerdown');
      await expect(link).toHaveAttribute('href', href);
      // A second use changes nothing.
      await link.dispatchEvent('pointerdown');
      await expect(link).toHaveAttribute('href', href);
    }
  });

  test('a link reached by keyboard gets the query before Enter follows it', async ({ page }) => {
    const late = await addMarkedLinksOnceCarried(page, ['/about']);
    await late.first().focus();
    await expect(late.first()).toHaveAttribute('href', `/about?${utm}`);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/about\?utm_source=vk&utm_medium=cpc&utm_campaign=spring$/);
  });

  test('a new query replaces the one carried earlier instead of piling up', async ({ page }) => {
    const late = await addMarkedLinksOnceCarried(page, ['/products']);
    await late.first().focus();
    await expect(late.first()).toHaveAttribute('href', `/products?${utm}`);
    await page.evaluate(() => history.replaceState(null, '', '/?utm_source=tg'));
    await late.first().blur();
    await late.first().focus();
    await expect(late.first()).toHaveAttribute('href', '/products?utm_source=tg');
  });
});
