import type { BrowserContext, Page } from '@playwright/test';
import { getCourse, variantPath } from '../content/courses';
import { campaignLandingFixture } from '../content/courses/fixtures';
import { popupId, popups } from '../content/popups';
import { ORDERS_ENDPOINT } from '../lib/api-contract';
import { selectPopup } from '../features/popups/targeting';
import { advanceTo, openWithPopupClock } from '../tests/support/popup-visit';
import { sweepForCoveredText } from './support/covered-text';
import { e2eBaseUrl } from './support/env';
import { expect, test } from './support/fixtures';
import { giftSchedule, serverAnswers } from './support/server-answers';

/**
 * Nothing floating over text on a phone: every page type scrolled from its top to its end at 360, 390 and
 * 414 px with the floating buttons drawn (the stack's gift window runs, so the gift tab is there), each
 * text block checked against every fixed or sticky piece (the rule: e2e/support/covered-text.ts). Then
 * the moments a visitor uses something: a dialog open, a field typed in, the keyboard moving on.
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

const giftTab = (page: Page) => page.getByRole('button', { name: /Заберите подарок от Санты/ });
const vueTab = (page: Page) => page.getByRole('button', { name: 'Новый курс Vue 3 / Подарок за подписку!' });
/** The phone's dock: the box the two tabs share at the bottom. */
const dock = (page: Page) => page.locator('[data-floating-buttons]');

/** The visitor closed every timed pop-up yesterday: none opens over the page while it is scrolled. */
async function popupsClosedBefore(context: BrowserContext) {
  await context.addCookies(popups.map((popup) => ({ name: `timeoutPopupIsHidden_${popupId(popup)}`, value: '1', url: e2eBaseUrl })));
}

async function openWithButtons(page: Page, path: string) {
  await page.goto(path);
  await expect(giftTab(page)).toBeVisible();
  await expect(vueTab(page)).toBeVisible();
}

test.describe('on a phone', () => {
  test.use({ viewport: phone, isMobile: true, hasTouch: true });

  for (const [pageType, path] of pageTypes) {
    test(`${pageType} (${path}): no floating piece covers text at 360, 390 and 414 px, top to end`, async ({ page, context }) => {
      await popupsClosedBefore(context);
      await openWithButtons(page, path);
      for (const size of phones) {
        await page.setViewportSize(size);
        await expect(giftTab(page)).toBeInViewport({ ratio: 1 });
        await expect(vueTab(page)).toBeInViewport({ ratio: 1 });
        const sweep = await sweepForCoveredText(page);
        expect(sweep.blocksSeen, 'the sweep looked at the page').toBeGreaterThan(20);
        // The reading area stays: the header and the dock take at most a fifth of the screen together.
        const tallest = (edge: 'top' | 'bottom') => Math.max(0, ...sweep.edgeBars.filter((bar) => bar.edge === edge).map((bar) => bar.height));
        expect(tallest('top') + tallest('bottom'), `edge bars at ${size.width} px: ${JSON.stringify(sweep.edgeBars)}`).toBeLessThanOrEqual(size.height / 5);
        expect(sweep.covered, `text covered at ${size.width} px`).toEqual([]);
      }
    });
  }

  test('the programme line «Flexbox и Grid» and the footer\'s phone and hours are readable clear of the dock', async ({ page, context }) => {
    await popupsClosedBefore(context);
    await openWithButtons(page, '/products/junior-js');
    const dockBox = (await dock(page).boundingBox())!;
    const programmeLine = page.getByText('Flexbox и Grid', { exact: true }).first();
    // Brought to the bottom of the view (as a script or a link would bring it), it stops above the dock.
    await programmeLine.evaluate((line) => line.scrollIntoView({ block: 'end' }));
    const lineBox = (await programmeLine.boundingBox())!;
    expect(lineBox.y + lineBox.height).toBeLessThanOrEqual(dockBox.y);
    // At the very end of the page, the footer's last lines stand above the dock.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    for (const line of [page.getByRole('contentinfo').getByRole('link', { name: /^\+7/ }), page.getByRole('contentinfo').getByText(/^Работаем/)]) {
      const box = (await line.boundingBox())!;
      expect(box.y + box.height, await line.innerText()).toBeLessThanOrEqual(dockBox.y);
    }
  });

  test('the dock holds the widest gift text and the Vue tab\'s words at 360, 390 and 414 px, nothing clipped', async ({ page }) => {
    // An upcoming window days away: «До подарка: 3 дня 04:05:06», the longest the tab says.
    const now = Date.now();
    const day = 24 * 60 * 60 * 1000;
    await page.route('**/api/gift-schedule', (route) =>
      route.fulfill(giftSchedule([{ giftNumber: 2, startTimestamp: now + 3 * day + 4 * 60 * 60 * 1000, endTimestamp: now + 4 * day }])),
    );
    await openWithButtons(page, '/about');
    await expect(giftTab(page)).toHaveAttribute('data-gift-state', 'upcoming');
    await expect(giftTab(page)).toContainText(/До подарка: 3 дня/);
    for (const size of phones) {
      await page.setViewportSize(size);
      const dockBox = (await dock(page).boundingBox())!;
      for (const tab of [giftTab(page), vueTab(page)]) {
        const fit = await tab.evaluate((button) => {
          const range = document.createRange();
          range.selectNodeContents(button);
          return {
            overflows: button.scrollWidth > button.clientWidth || button.scrollHeight > button.clientHeight,
            boxes: [button.getBoundingClientRect().toJSON(), range.getBoundingClientRect().toJSON()] as DOMRect[],
          };
        });
        const what = `${await tab.innerText()} at ${size.width} px`;
        expect(fit.overflows, what).toBe(false);
        for (const box of fit.boxes) {
          expect(box.left, what).toBeGreaterThanOrEqual(dockBox.x);
          expect(box.right, what).toBeLessThanOrEqual(dockBox.x + dockBox.width);
          expect(box.top, what).toBeGreaterThanOrEqual(dockBox.y);
          expect(box.bottom, what).toBeLessThanOrEqual(dockBox.y + dockBox.height);
        }
      }
    }
  });

  test('the Vue panel opens above the dock, on the screen', async ({ page }) => {
    await openWithButtons(page, '/about');
    await vueTab(page).click();
    const panel = page.getByRole('dialog', { name: 'Новый курс Vue 3' });
    await expect(panel).toBeInViewport({ ratio: 1 });
    const panelBox = (await panel.boundingBox())!;
    expect(panelBox.y + panelBox.height).toBeLessThanOrEqual((await dock(page).boundingBox())!.y);
  });

  test('the dock steps aside while a field of the page is typed in, and is back after', async ({ page, context }) => {
    await popupsClosedBefore(context);
    await openWithButtons(page, '/products/junior-js');
    const field = page.getByRole('main').getByPlaceholder('Имя').first();
    await field.click();
    await field.pressSequentially('Анна');
    await expect(giftTab(page)).toBeHidden();
    await expect(vueTab(page)).toBeHidden();
    await field.blur();
    await expect(giftTab(page)).toBeVisible();
    await expect(vueTab(page)).toBeVisible();
  });

  test('what the keyboard focuses is scrolled clear of the dock', async ({ page, context }) => {
    await popupsClosedBefore(context);
    await openWithButtons(page, '/products/junior-js');
    // The lead form's code first (it comes when the form nears the screen and changes the page's height).
    const form = page.locator('#lead-form');
    await form.scrollIntoViewIfNeeded();
    await expect(form.locator('[data-form-ready]')).toHaveCount(1);
    await page.evaluate(() => window.scrollTo(0, 0));
    const dockTop = (await dock(page).boundingBox())!.y;
    let checked = 0;
    for (let press = 0; press < 60; press += 1) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement;
        if (!element || element === document.body || element.closest('[data-floating-buttons]')) return null;
        const box = element.getBoundingClientRect();
        return { name: element.textContent?.trim().slice(0, 40) ?? element.tagName, bottom: box.bottom, height: box.height };
      });
      if (!focused || focused.height === 0) continue;
      checked += 1;
      // Within a pixel: layout puts boxes at fractions of one.
      expect(focused.bottom, `focused «${focused.name}»`).toBeLessThanOrEqual(dockTop + 1);
    }
    expect(checked).toBeGreaterThan(30);
  });

  test('a failed send\'s toast comes down from the top, clear of the form the visitor just used', async ({ page, context }) => {
    await popupsClosedBefore(context);
    await openWithButtons(page, '/products/junior-js');
    const form = page.locator('#lead-form');
    await form.scrollIntoViewIfNeeded();
    await expect(form.locator('[data-form-ready]')).toHaveCount(1);
    await form.getByPlaceholder('Имя').fill('Анна Петрова');
    await form.getByPlaceholder('E-mail').fill('anna.phone-toast@example.ru');
    await form.getByPlaceholder('Телефон').fill('9123456789');
    await page.route(`**${ORDERS_ENDPOINT}`, (route) => route.fulfill(serverAnswers.foreignOrigin));
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

  test('under the gift modal the floating buttons are hidden, and focus comes back to the gift tab', async ({ page }) => {
    await openWithButtons(page, '/about');
    await giftTab(page).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(giftTab(page)).toBeHidden();
    await expect(vueTab(page)).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(giftTab(page)).toBeVisible();
    await expect(giftTab(page)).toBeFocused();
    await expect(vueTab(page)).toBeVisible();
  });

  test('under the modal form the floating buttons are hidden', async ({ page, context }) => {
    await popupsClosedBefore(context);
    await openWithButtons(page, '/about');
    await page.getByRole('main').getByRole('button', { name: 'Оставить заявку' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Оставьте заявку' })).toBeVisible();
    await expect(giftTab(page)).toBeHidden();
    await expect(vueTab(page)).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(giftTab(page)).toBeVisible();
  });
});

// A timed pop-up (the home page has one), on a phone and on a wide screen: the rule holds at every width.
const homePopup = selectPopup({ path: '/', markers: [] }, popups);

for (const [screen, size] of [
  ['a phone', phone],
  ['a wide screen', { width: 1280, height: 800 }],
] as const) {
  test(`under a timed pop-up on ${screen} the floating buttons are hidden`, async ({ page }) => {
    expect(homePopup, 'the home page has a timed pop-up').not.toBeNull();
    await page.setViewportSize(size);
    await openWithPopupClock(page, '/');
    await expect(giftTab(page)).toBeVisible();
    await expect(vueTab(page)).toBeVisible();
    if (size.width >= 640) await expect(page.getByRole('button', { name: 'Получить консультацию' })).toBeVisible();
    await advanceTo(page, homePopup!.showDelayMs + 1_000);
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(giftTab(page)).toBeHidden();
    await expect(vueTab(page)).toBeHidden();
    await expect(page.getByRole('button', { name: 'Получить консультацию' })).toBeHidden();
  });
}
