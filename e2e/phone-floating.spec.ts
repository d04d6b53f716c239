import type { BrowserContext, Locator, Page } from '@playwright/test';
import { headerTabStripId } from '../components/layout/header-tab-strip';
import { getCourse, variantPath } from '../content/courses';
import { campaignLandingFixture } from '../content/courses/fixtures';
import { popupId, popups } from '../content/popups';
import { LEADS_ENDPOINT } from '../lib/api-contract';
import { selectPopup } from '../features/popups/targeting';
import { advanceTo, openWithPopupClock } from '../tests/support/popup-visit';
import { sweepForCoveredText } from './support/covered-text';
import { e2eBaseUrl } from './support/env';
import { expect, test } from './support/fixtures';
import { giftSchedule, serverAnswers } from './support/server-answers';

/**
 * Nothing floating over text on a phone: every page type scrolled from its top to its end at 360, 390 and
 * 414 px with the gift tab and the Vue tab drawn (the stack's gift window runs, so the gift tab is there),
 * and no text block meets any element whose computed position is `fixed` (the rule: e2e/support/covered-
 * text.ts). The tabs stand in the sticky header's strip. Then the moments a visitor uses something: a
 * dialog open, the Vue panel open, a form sent.
 */

const phones = [
  { width: 360, height: 800 },
  { width: 390, height: 844 },
  { width: 414, height: 896 },
];
const phone = phones[1]!;

const campaign = campaignLandingFixture;
const pageTypes: [string, string][] = [
  ['the home page', '/'],
  ['a course page', '/products/junior-js'],
  ['a course variant page', '/products/junior-js/cvrna'],
  ['a campaign landing', variantPath(getCourse(campaign.courseSlug)!, { id: campaign.variant.id, placement: 'nested' })],
  ['the course list', '/products'],
  ['a profession page', '/frontend-developer'],
  ['an information page', '/edu-about'],
  ['the about page', '/about'],
  ['the cooperation page', '/cooperation'],
  ['the documents page', '/docs'],
  ['an event page', '/events/snow-quest'],
  ['the gift promotion page', '/events/new-year-2425'],
  ['a roadmap', '/roadmap/frontend'],
  ['a roadmap topic', '/roadmap/frontend/topic/html-css'],
  ['a roadmap article', '/roadmap/frontend/article/flexbox-and-grid'],
  ['the media list', '/media'],
  ['a media category', '/media/category/javascript'],
  ['a media article', '/media/devtools-tips'],
  ['the stories list', '/personal-stories'],
  ['a story', '/personal-stories/teacher-to-frontend'],
];

const vueTabName = 'Новый курс Vue 3 / Подарок за подписку!';
// includeHidden: under a modal the page is hidden from assistive technology, and the tabs with it.
const giftTab = (page: Page) => page.getByRole('button', { name: /Заберите подарок от Санты/, includeHidden: true });
const vueTab = (page: Page) => page.getByRole('button', { name: vueTabName, includeHidden: true });
/** The header's strip the tabs stand in on a phone. */
const strip = (page: Page) => page.locator(`#${headerTabStripId}`);

/** The visitor closed every timed pop-up yesterday: none opens over the page while it is scrolled. */
async function popupsClosedBefore(context: BrowserContext) {
  await context.addCookies(popups.map((popup) => ({ name: `timeoutPopupIsHidden_${popupId(popup)}`, value: '1', url: e2eBaseUrl })));
}

async function openWithTabs(page: Page, path: string) {
  await page.goto(path);
  await expect(giftTab(page)).toBeVisible();
  await expect(vueTab(page)).toBeVisible();
}

/**
 * What the visitor sees at the middle of the tab: the tab itself, or what is painted over it (an overlay,
 * a dialog). The page under a modal takes no pointer (Radix turns the body's pointer events off), so the
 * tab takes them for the moment of the look: the answer is the painting order, not the pointer's rule.
 */
function paintedAtMiddleOf(tab: Locator) {
  return tab.evaluate((element: HTMLElement) => {
    const box = element.getBoundingClientRect();
    const before = element.style.pointerEvents;
    element.style.pointerEvents = 'auto';
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    element.style.pointerEvents = before;
    if (!top) return 'nothing';
    if (element.contains(top)) return 'the tab';
    if (top.closest('[data-dialog-overlay]')) return 'the overlay';
    if (top.closest('[role="dialog"]')) return 'a dialog';
    return top.tagName;
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: phone, isMobile: true, hasTouch: true });

  for (const [pageType, path] of pageTypes) {
    test(`${pageType} (${path}): no text under a fixed element at 360, 390 and 414 px, top to end`, async ({ page, context }) => {
      await popupsClosedBefore(context);
      await openWithTabs(page, path);
      for (const size of phones) {
        await page.setViewportSize(size);
        // Both tabs stand in the header's strip, whole on the screen.
        await expect(strip(page).getByRole('button')).toHaveCount(2);
        for (const tab of [giftTab(page), vueTab(page)]) await expect(strip(page).locator(tab)).toBeInViewport({ ratio: 1 });
        const sweep = await sweepForCoveredText(page);
        expect(sweep.blocksSeen, 'the sweep looked at the page').toBeGreaterThan(20);
        expect(sweep.covered, `text under a fixed element at ${size.width} px (fixed: ${JSON.stringify(sweep.fixedPieces)})`).toEqual([]);
        // At the page's end the tabs are still at hand: the header is sticky.
        await expect(giftTab(page)).toBeInViewport({ ratio: 1 });
        await expect(vueTab(page)).toBeInViewport({ ratio: 1 });
      }
    });
  }

  test('the sweep finds text under a fixed bar at the bottom edge mid-page (what the rule forbids)', async ({ page, context }) => {
    await popupsClosedBefore(context);
    await openWithTabs(page, '/about');
    await page.evaluate(() => {
      const bar = document.createElement('div');
      bar.style.cssText = 'position: fixed; left: 0; right: 0; bottom: 0; height: 60px; background: white';
      bar.textContent = 'Нижняя панель';
      document.body.append(bar);
    });
    const sweep = await sweepForCoveredText(page);
    expect(sweep.fixedPieces).toEqual(['Нижняя панель']);
    expect(sweep.covered.length).toBeGreaterThan(20);
  });

  test("the tabs' strip is in the header from the first paint: nothing moves when the tabs arrive", async ({ page }) => {
    // The page's cumulative layout shift, as web-vitals sums it (shifts right after an input left out).
    await page.addInitScript(() => {
      const measured = window as { layoutShift?: number };
      measured.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) measured.layoutShift! += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // The stylesheet and the scripts held back (a slow phone network): the page paints from its inline rules.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/_next\/static\/.+\.(css|js)$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/products/junior-js', { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    const firstPaint = await strip(page).evaluate((element) => ({ height: element.getBoundingClientRect().height, children: element.childElementCount }));
    expect(firstPaint).toEqual({ height: 36, children: 0 });
    const mainTop = () => page.getByRole('main').evaluate((main) => main.getBoundingClientRect().top + window.scrollY);
    const mainTopAtFirstPaint = await mainTop();

    release();
    await expect(giftTab(page)).toBeVisible();
    await expect(vueTab(page)).toBeVisible();
    expect(await strip(page).evaluate((element) => element.getBoundingClientRect().height)).toBe(36);
    expect(await mainTop()).toBe(mainTopAtFirstPaint);
    expect(await page.evaluate(() => (window as { layoutShift?: number }).layoutShift)).toBe(0);
  });

  test('the strip holds the widest gift text and the Vue tab at 360, 390 and 414 px, nothing spilling out', async ({ page }) => {
    // An upcoming window days away: «До подарка: 3 дня 04:05:06», the longest the tab says.
    const now = Date.now();
    const day = 24 * 60 * 60 * 1000;
    await page.route('**/api/gift-schedule', (route) =>
      route.fulfill(giftSchedule([{ giftNumber: 2, startTimestamp: now + 3 * day + 4 * 60 * 60 * 1000, endTimestamp: now + 4 * day }])),
    );
    await openWithTabs(page, '/about');
    await expect(giftTab(page)).toHaveAttribute('data-gift-state', 'upcoming');
    await expect(giftTab(page)).toContainText(/До подарка: 3 дня/);
    for (const size of phones) {
      await page.setViewportSize(size);
      const stripBox = (await strip(page).boundingBox())!;
      expect(stripBox.height, 'a slim strip').toBeLessThanOrEqual(36);
      for (const tab of [giftTab(page), vueTab(page)]) {
        const what = `${await tab.innerText()} at ${size.width} px`;
        const fit = await tab.evaluate((button) => {
          // The words as they are painted: cut to the button's box where a line is clamped.
          const range = document.createRange();
          range.selectNodeContents(button);
          const words = range.getBoundingClientRect();
          const own = button.getBoundingClientRect();
          const clamped = [...button.querySelectorAll('*')].some(
            (element) => getComputedStyle(element).overflow === 'hidden' && element.scrollHeight > element.clientHeight,
          );
          return {
            overflows: button.scrollWidth > button.clientWidth || button.scrollHeight > button.clientHeight,
            own: own.toJSON() as DOMRect,
            words: words.toJSON() as DOMRect,
            clamped,
          };
        });
        expect(fit.overflows, what).toBe(false);
        for (const box of fit.clamped ? [fit.own] : [fit.own, fit.words]) {
          expect(box.left, what).toBeGreaterThanOrEqual(stripBox.x);
          expect(box.right, what).toBeLessThanOrEqual(stripBox.x + stripBox.width);
          expect(box.top, what).toBeGreaterThanOrEqual(stripBox.y);
          expect(box.bottom, what).toBeLessThanOrEqual(stripBox.y + stripBox.height);
        }
      }
      // The gift tab says all of it at every width; the Vue tab keeps its whole text as its name.
      expect(await giftTab(page).evaluate((button) => [...button.querySelectorAll('*')].every((element) => element.scrollWidth <= element.clientWidth))).toBe(
        true,
      );
      await expect(vueTab(page)).toHaveAccessibleName(vueTabName);
    }
  });

  test('at 390 and 414 px the Vue tab shows its whole text beside a running gift', async ({ page }) => {
    await openWithTabs(page, '/about');
    await expect(giftTab(page)).toHaveAttribute('data-gift-state', 'active');
    for (const size of phones.slice(1)) {
      await page.setViewportSize(size);
      const words = vueTab(page).getByText(vueTabName);
      expect(await words.evaluate((element) => element.scrollHeight <= element.clientHeight), `at ${size.width} px`).toBe(true);
    }
  });

  test('the keyboard reaches the tabs in the header after the menu, and the Vue panel opens below the header, on the screen', async ({ page }) => {
    await openWithTabs(page, '/about');
    const menu = page.getByRole('banner').getByText('Меню', { exact: true });
    await menu.focus();
    await page.keyboard.press('Tab');
    await expect(giftTab(page)).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(vueTab(page)).toBeFocused();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Новый курс Vue 3' });
    await expect(panel).toBeInViewport({ ratio: 1 });
    const headerBox = (await page.getByRole('banner').boundingBox())!;
    expect((await panel.boundingBox())!.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
    // The panel stands over the page, the tab stays pressable.
    expect(await paintedAtMiddleOf(vueTab(page))).toBe('the tab');
    await vueTab(page).click();
    await expect(panel).toBeHidden();
  });

  test("a failed send's toast comes down from the top, clear of the form the visitor just used", async ({ page, context }) => {
    await popupsClosedBefore(context);
    await openWithTabs(page, '/products/junior-js');
    const form = page.locator('#lead-form');
    await form.scrollIntoViewIfNeeded();
    await expect(form.locator('[data-form-ready]')).toHaveCount(1);
    await form.getByPlaceholder('Имя').fill('Анна Петрова');
    await form.getByPlaceholder('E-mail').fill('anna.phone-toast@example.ru');
    await form.getByPlaceholder('Телефон').fill('9123456789');
    await page.route(`**${LEADS_ENDPOINT}`, (route) => route.fulfill(serverAnswers.foreignOrigin));
    // The visitor has scrolled down to the button: it stands at the bottom of the reading area.
    const submit = form.getByRole('button', { name: /^Отправить/ });
    await submit.evaluate((button) => button.scrollIntoView({ block: 'end' }));
    await submit.tap();
    const toast = page.getByRole('region', { name: /Уведомления/ }).getByRole('listitem');
    await expect(toast).toBeVisible();
    await expect(toast).toBeInViewport({ ratio: 1 });
    const toastBox = (await toast.boundingBox())!;
    for (const used of [form.getByPlaceholder('Имя'), form.getByPlaceholder('E-mail'), form.getByPlaceholder('Телефон'), submit]) {
      const box = (await used.boundingBox())!;
      const meets = box.y < toastBox.y + toastBox.height && toastBox.y < box.y + box.height;
      expect(meets, `the toast over «${(await used.getAttribute('placeholder')) ?? 'Отправить'}»`).toBe(false);
    }
  });

  test("the gift modal's overlay covers the tabs in the header, and focus comes back to the gift tab", async ({ page }) => {
    await openWithTabs(page, '/about');
    await giftTab(page).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await paintedAtMiddleOf(giftTab(page))).toMatch(/^(the overlay|a dialog)$/);
    expect(await paintedAtMiddleOf(vueTab(page))).toMatch(/^(the overlay|a dialog)$/);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(giftTab(page)).toBeFocused();
    expect(await paintedAtMiddleOf(giftTab(page))).toBe('the tab');
  });

  test("the modal form's overlay covers the tabs in the header", async ({ page, context }) => {
    await popupsClosedBefore(context);
    await openWithTabs(page, '/about');
    await page.getByRole('main').getByRole('button', { name: 'Оставить заявку' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Оставьте заявку' })).toBeVisible();
    expect(await paintedAtMiddleOf(giftTab(page))).toMatch(/^(the overlay|a dialog)$/);
    expect(await paintedAtMiddleOf(vueTab(page))).toMatch(/^(the overlay|a dialog)$/);
  });
});

// A timed pop-up (the home page has one), on a phone and on a wide screen: under its overlay no tab shows
// as pressable. On a phone the overlay covers the header and its tabs; from `sm` up the floating buttons hide.
const homePopup = selectPopup({ path: '/', markers: [] }, popups);

test(`under a timed pop-up on a phone the overlay covers the header's tabs`, async ({ page }) => {
  expect(homePopup, 'the home page has a timed pop-up').not.toBeNull();
  await page.setViewportSize(phone);
  await openWithPopupClock(page, '/');
  await expect(giftTab(page)).toBeVisible();
  await expect(vueTab(page)).toBeVisible();
  await advanceTo(page, homePopup!.showDelayMs + 1_000);
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await paintedAtMiddleOf(giftTab(page))).toMatch(/^(the overlay|a dialog)$/);
  expect(await paintedAtMiddleOf(vueTab(page))).toMatch(/^(the overlay|a dialog)$/);
});

test('under a timed pop-up on a wide screen the floating buttons are hidden', async ({ page }) => {
  expect(homePopup, 'the home page has a timed pop-up').not.toBeNull();
  await page.setViewportSize({ width: 1280, height: 800 });
  await openWithPopupClock(page, '/');
  await expect(giftTab(page)).toBeVisible();
  await expect(vueTab(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Получить консультацию' })).toBeVisible();
  await advanceTo(page, homePopup!.showDelayMs + 1_000);
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(giftTab(page)).toBeHidden();
  await expect(vueTab(page)).toBeHidden();
  await expect(page.getByRole('button', { name: 'Получить консультацию' })).toBeHidden();
});
