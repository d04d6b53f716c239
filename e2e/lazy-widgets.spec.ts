import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/**
 * What a phone downloads for the floating widgets until the visitor touches one, judged by
 * the contents of every script the page fetched, not by timing. The libraries behind the widgets come
 * only with a press (or shortly before a pop-up is due), and below the `sm` breakpoint nothing of the
 * consultation popover is fetched at all.
 */

// A string each library leaves in its minified code (a component name or an attribute it sets).
const libraries = {
  'Radix Dialog': 'DialogContent',
  'Radix Popover': 'PopoverContent',
  'Radix Toast': 'ToastViewport',
  'Radix Popper (floating-ui)': 'data-radix-popper-content-wrapper',
  'react-hook-form': 'shouldUnregister',
  zod: 'ZodError',
  'libphonenumber-js': 'INVALID_COUNTRY',
  'the consultation popover': 'Поможем разобраться',
  'the consultation button': 'Получить консультацию',
};

const phone = { width: 412, height: 915 };

/** Every script the page fetches, with its text. */
function collectScripts(page: Page) {
  const scripts: Promise<{ url: string; text: string }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(
      response.text().then(
        (text) => ({ url: response.url(), text }),
        () => ({ url: response.url(), text: '' }),
      ),
    );
  });
  return () => Promise.all(scripts);
}

for (const path of ['/media', '/roadmap/frontend', '/events/new-year-2425']) {
  test(`a 412 px phone on ${path} fetches no widget library until someone presses a widget`, async ({ page }) => {
    await page.setViewportSize(phone);
    const scripts = collectScripts(page);
    await page.goto(path);
    // The idle widgets are drawn (the gift window of the e2e stack is running) and the network is quiet.
    await expect(page.getByRole('button', { name: 'Новый курс Vue 3 / Подарок за подписку!' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Заберите подарок от Санты/ })).toBeVisible();
    await page.waitForLoadState('networkidle');

    const fetched = await scripts();
    expect(fetched.length).toBeGreaterThan(0);
    for (const [library, signature] of Object.entries(libraries)) {
      const carriers = fetched.filter((script) => script.text.includes(signature)).map((script) => script.url);
      expect(carriers, `${library} was fetched`).toEqual([]);
    }
  });
}

test('pressing the Vue tab brings the popover library then, and the panel opens at once', async ({ page }) => {
  await page.setViewportSize(phone);
  const scripts = collectScripts(page);
  await page.goto('/media');
  const tab = page.getByRole('button', { name: 'Новый курс Vue 3 / Подарок за подписку!' });
  await tab.click();
  await expect(page.getByRole('dialog', { name: 'Новый курс Vue 3' })).toBeVisible();
  expect((await scripts()).some((script) => script.text.includes(libraries['Radix Popover']))).toBe(true);
});

test('from the sm breakpoint up the consultation button is there, and its popover comes with the first hover', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const scripts = collectScripts(page);
  await page.goto('/media');
  const button = page.getByRole('button', { name: 'Получить консультацию' });
  await expect(button).toBeVisible();
  await page.waitForLoadState('networkidle');
  const carries = async (signature: string) => (await scripts()).some((script) => script.text.includes(signature));
  expect(await carries(libraries['the consultation popover'])).toBe(false);
  await button.hover();
  await expect.poll(() => carries(libraries['the consultation popover'])).toBe(true);
  await button.click();
  await expect(page.getByRole('dialog', { name: 'Поможем разобраться' })).toBeVisible();
});

// A page paints from the rules it carries inline (scripts/first-paint.ts): its stylesheet, the
// framework's chunks and its pictures come after the HTML and hold nothing back, and the tab's icon is
// inline. Judged by holding all of them back (a slow phone network): the page paints, and looks the
// same with its whole stylesheet on the screen, down to its footer, on a phone and in a wide window
// (nothing moves under a finger already on its way); then it hydrates, and the stylesheet is the screen's.
/** Requests held back, as on a slow network, until `release()`. */
function heldBack() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return { released, release };
}

/** Where every element of the page stands and how large it is, in the document's coordinates. */
function elementBoxes(page: Page) {
  return page.evaluate(() =>
    [...document.body.querySelectorAll('*')]
      .filter((element) => !['SCRIPT', 'NOSCRIPT', 'LINK', 'STYLE', 'TEMPLATE'].includes(element.tagName))
      .map((element) => {
        const box = element.getBoundingClientRect();
        const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} «${(element.textContent ?? '').trim().slice(0, 30)}»`;
        return `${name} at ${Math.round(box.x + scrollX)},${Math.round(box.y + scrollY)} ${Math.round(box.width)}×${Math.round(box.height)}`;
      }),
  );
}

/** The boxes that differ between two readings of `elementBoxes` (the same elements, in the same order). */
function moved(before: string[], after: string[]) {
  return before.flatMap((box, index) => (box === after[index] ? [] : [`${box} → ${after[index]?.replace(/^.* at /, '')}`]));
}

const wideWindow = { width: 1280, height: 720 };

for (const path of ['/', '/products/junior-js', '/media', '/media/debugging-on-your-own', '/roadmap/react/topic/state']) {
  test(`${path} paints, styled, before its stylesheet and scripts arrive, then hydrates`, async ({ page }) => {
    await page.setViewportSize(phone);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const css = heldBack();
    const rest = heldBack();
    await page.route(/\/_next\/static\/.+\.css$/, async (route) => {
      await css.released;
      await route.continue();
    });
    await page.route(/\/_next\/(static\/.+\.js|image\?)/, async (route) => {
      await rest.released;
      await route.continue();
    });
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    const stylesheet = page.locator('link[rel="stylesheet"]');
    const stylesheetLoaded = () => stylesheet.evaluate((link: HTMLLinkElement) => link.sheet != null);
    expect(await stylesheetLoaded(), 'the page painted while its stylesheet was still on the way').toBe(false);
    const shot = () => page.screenshot({ animations: 'disabled', caret: 'hide' });
    const beforeStylesheet = await shot();

    // The page turns the stylesheet to the screen once it is live, and its scripts are held: done here
    // as the page does it, to see the page with every rule of the stylesheet before anything else changes.
    css.release();
    await expect.poll(stylesheetLoaded).toBe(true);
    const onScreen = (media: 'all' | 'print') => stylesheet.evaluate((link: HTMLLinkElement, value) => (link.media = value), media);
    const boxesBefore = await elementBoxes(page);
    await onScreen('all');
    expect((await shot()).equals(beforeStylesheet), 'the page looks the same with its whole stylesheet').toBe(true);
    expect(moved(boxesBefore, await elementBoxes(page)), 'nothing on the phone moves when the whole stylesheet arrives').toEqual([]);
    await onScreen('print');
    await page.setViewportSize(wideWindow);
    const wideBefore = await elementBoxes(page);
    await onScreen('all');
    expect(moved(wideBefore, await elementBoxes(page)), 'nothing in a wide window moves when the whole stylesheet arrives').toEqual([]);

    await onScreen('print');
    rest.release();
    await expect(page.locator('html')).toHaveAttribute('data-live', '');
    await expect(stylesheet, 'the page turned its stylesheet to the screen once live').toHaveAttribute('media', 'all');
    expect(await stylesheet.count(), 'React adopted the stylesheet instead of loading it again').toBe(1);
    expect(requested.filter((requestedPath) => requestedPath === '/favicon.ico' || requestedPath === '/icon.svg')).toEqual([]);
  });
}

// The hero picture is the largest paint of a wide window and is preloaded first there.
const heroName = 'Иллюстрация: редактор кода и макет сайта';

async function heroFetches(page: Page) {
  const hero = page.getByRole('img', { name: heroName });
  await expect(hero).toBeVisible();
  await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes('hero.webp'))
      .map((entry) => (entry as PerformanceResourceTiming).initiatorType),
  );
}

test('a wide window fetches the home hero once, through its high-priority preload', async ({ page }) => {
  await page.setViewportSize({ width: 1350, height: 900 });
  await page.goto('/');
  expect(await heroFetches(page)).toEqual(['link']);
});

// Below `lg` the picture would stand under the text and, arriving later and larger, become the phone's
// largest paint after the first (docs/speed.md): it is not shown there, and a lazy picture not shown is not fetched.
test('a phone neither shows nor fetches the home hero', async ({ page }) => {
  await page.setViewportSize(phone);
  await page.goto('/');
  // By its alt text: a picture not shown is not in the accessibility tree that getByRole reads.
  const hero = page.locator(`img[alt="${heroName}"]`);
  await expect(hero).toHaveAttribute('loading', 'lazy');
  await expect(hero).toBeHidden();
  await expect(page.locator('html')).toHaveAttribute('data-live', '');
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => performance.getEntriesByType('resource').filter((entry) => entry.name.includes('hero.webp')).length)).toBe(0);
});

test('a button pressed before the page is live is answered once it is', async ({ page }) => {
  // The framework's chunks are held back (a slow phone network) until the press has been made.
  const chunks = heldBack();
  await page.route('**/_next/static/chunks/*.js', async (route) => {
    await chunks.released;
    await route.continue();
  });
  // Not `load`: the held chunks hold that event.
  await page.goto('/about', { waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: 'Оставить заявку' }).click();
  await expect(page.locator('html')).not.toHaveAttribute('data-live', '');
  chunks.release();
  await expect(page.getByRole('dialog', { name: 'Оставьте заявку' })).toBeVisible();
});
