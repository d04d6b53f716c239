import { AxeBuilder } from './support/axe';
import type { Page } from '@playwright/test';
import { giftOffer, giftOffers } from '../content/gift-offer-prices';
import { contacts } from '../content/site';
import { refusalMessages } from '../server/http/messages';
import { expect, test } from './support/fixtures';
import { e2eRunningGift } from './support/env';
import { emptyGiftSchedule, servedGiftWindow } from './support/server-answers';
import { LEADS_ENDPOINT } from '../lib/api-contract';

/**
 * The gift tab and its modals. The schedule is answered inside each test; the
 * browser's clock is Playwright's, so windows open and close without real waits.
 */

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
const day = 24 * hour;

/** The instant each test looks at the page: 20 Dec 2024, 12:00 Moscow time. */
const at = Date.parse('2024-12-20T12:00:00+03:00');

interface Window {
  giftNumber: number;
  startTimestamp: number;
  endTimestamp: number;
}

/**
 * An offer as the modal and the promotion page show it: the values of content/gift-offers.ts, the
 * prices as Intl formats roubles (ru-RU, RUB), the instalment with "/мес.".
 */
const rubles = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', maximumFractionDigits: 0 });
const offerShown = (number: number) => {
  const offer = giftOffer(number)!;
  return {
    name: offer.name,
    oldPrice: rubles.format(offer.oldPrice),
    price: `${rubles.format(offer.price)}${offer.isMonthlyPayment ? '/мес.' : ''}`,
    discount: `−${offer.discount}%`,
  };
};

const tab = (page: Page) => page.getByRole('button', { name: /Заберите подарок от Санты/ });

/** The tab's background colour as sRGB [r, g, b], whatever colour space the stylesheet uses. */
async function backgroundRgb(page: Page): Promise<number[]> {
  return tab(page).evaluate((element) => {
    const context = document.createElement('canvas').getContext('2d')!;
    context.fillStyle = getComputedStyle(element).backgroundColor;
    context.fillRect(0, 0, 1, 1);
    return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
  });
}

/**
 * Opens `path` with the schedule answered by `schedule` (or an HTTP status) and the clock stopped
 * exactly at `at`. The clock starts a little earlier so the page loads with time flowing. The default
 * page, /about, has no timed pop-up that could cover the tab while the tests move the clock.
 */
async function openAt(page: Page, schedule: Window[] | number, path = '/about') {
  let answered!: () => void;
  const scheduleServed = new Promise<void>((resolve) => (answered = resolve));
  await page.route('**/api/gift-schedule', async (route) => {
    // What our server answers: the windows with its cache time, or its JSON error. The server's clock
    // header is left out on purpose: these tests pin the device clock at exact instants, and without the
    // header the tab trusts the device (the server-clock correction: resilience.spec.ts, on the real endpoint).
    if (typeof schedule === 'number') {
      await route.fulfill({
        status: schedule,
        headers: { 'cache-control': 'no-store', 'retry-after': '30' },
        json: { code: 'unavailable', message: refusalMessages.unavailable },
      });
    } else await route.fulfill({ headers: { 'cache-control': 'public, max-age=60' }, json: schedule.map(servedGiftWindow) });
    answered();
  });
  await page.clock.install({ time: at - 10 * second });
  await page.goto(path);
  await scheduleServed;
  await page.clock.pauseAt(at);
}

test.describe('gift tab', () => {
  test('active: orange, "Не упустите:" and the time to the end of the window', async ({ page }) => {
    await openAt(page, [{ giftNumber: 6, startTimestamp: at - hour, endTimestamp: at + 2 * hour + 3 * minute + 4 * second }]);
    await expect(tab(page)).toHaveText(/Заберите подарок от Санты\s*Не упустите: 02:03:04/);
    await expect(tab(page)).toHaveAttribute('data-gift-state', 'active');
    const [red, green, blue] = await backgroundRgb(page);
    expect(red! - blue!, 'orange: much more red than blue').toBeGreaterThan(120);
    expect(red! - green!, 'orange: more red than green').toBeGreaterThan(60);

    await page.clock.runFor(second);
    await expect(tab(page)).toHaveText(/Не упустите: 02:03:03/);

    await page.clock.resume(); // axe waits on timers
    expect(await new AxeBuilder({ page }).include('[data-gift-state]').seriousViolations()).toEqual([]);
  });

  test('upcoming: grey, "До подарка:" and the days, with the Russian plural', async ({ page }) => {
    await openAt(page, [
      { giftNumber: 1, startTimestamp: at - 3 * day, endTimestamp: at - 2 * day },
      { giftNumber: 2, startTimestamp: at + 3 * day + 4 * hour + 5 * minute + 6 * second, endTimestamp: at + 4 * day },
    ]);
    await expect(tab(page)).toHaveText(/Заберите подарок от Санты\s*До подарка: 3 дня 04:05:06/);
    await expect(tab(page)).toHaveAttribute('data-gift-state', 'upcoming');
    const channels = await backgroundRgb(page);
    expect(Math.max(...channels) - Math.min(...channels), 'grey: the channels nearly equal').toBeLessThan(40);
  });

  test('none: no tab when every window is over', async ({ page }) => {
    await openAt(page, [{ giftNumber: 1, startTimestamp: at - 2 * day, endTimestamp: at - day }]);
    await page.clock.runFor(2 * second);
    await expect(tab(page)).toHaveCount(0);
  });

  test('none: no tab for an empty schedule', async ({ page }) => {
    await openAt(page, []);
    await page.clock.runFor(2 * second);
    await expect(tab(page)).toHaveCount(0);
  });

  test('failure: no tab, the error only logged', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await openAt(page, 503);
    await page.clock.runFor(2 * second);
    await expect(tab(page)).toHaveCount(0);
    await expect.poll(() => warnings.join('\n')).toContain('Gift schedule could not be loaded');
  });

  test('follows the clock from active to upcoming to hidden without a reload, MM:SS under an hour', async ({ page }) => {
    await openAt(page, [
      { giftNumber: 4, startTimestamp: at - hour, endTimestamp: at + 5 * second },
      { giftNumber: 5, startTimestamp: at + 30 * minute, endTimestamp: at + 31 * minute },
    ]);
    await expect(tab(page)).toHaveText(/Не упустите: 00:05/);

    await page.clock.runFor(5 * second);
    await expect(tab(page)).toHaveText(/Не упустите: 00:00/);

    await page.clock.runFor(second);
    await expect(tab(page)).toHaveText(/До подарка: 29:54/);
    await expect(tab(page)).toHaveAttribute('data-gift-state', 'upcoming');

    await page.clock.runFor(29 * minute + 54 * second);
    await expect(tab(page)).toHaveText(/Не упустите: 01:00/);
    await expect(tab(page)).toHaveAttribute('data-gift-state', 'active');

    await page.clock.runFor(minute + second);
    await expect(tab(page)).toHaveCount(0);
  });

  test('HH:MM:SS turns into MM:SS at the hour edge', async ({ page }) => {
    await openAt(page, [{ giftNumber: 10, startTimestamp: at - minute, endTimestamp: at + hour + second }]);
    await expect(tab(page)).toHaveText(/Не упустите: 01:00:01/);
    await page.clock.runFor(second);
    await expect(tab(page)).toHaveText(/Не упустите: 01:00:00/);
    await page.clock.runFor(second);
    await expect(tab(page)).toHaveText(/Не упустите: 59:59/);
  });
});

const dialog = (page: Page) => page.getByRole('dialog');

/**
 * Clicks the tab and lets the stopped clock move just enough for the modal to appear: React reveals a
 * lazily loaded component on a short timer (about 300 ms), which a paused clock would never fire. The
 * clock moves less than a second, so the countdown still shows the value at `at`.
 */
async function openModal(page: Page, open: () => Promise<void> = () => tab(page).click()) {
  await open();
  for (let moved = 0; moved < 900 && !(await dialog(page).isVisible()); moved += 100) {
    await page.clock.runFor(100);
    // Up to 100 ms of real time for the modal's chunk to arrive, then the clock moves on.
    await dialog(page)
      .waitFor({ state: 'visible', timeout: 100 })
      .catch(() => undefined);
  }
  await expect(dialog(page)).toBeVisible();
}

/** The open modal has no serious axe violation, and Esc closes it with the focus back on the tab. */
async function expectAccessibleAndEscapable(page: Page) {
  await page.clock.resume(); // axe waits on timers
  expect(await new AxeBuilder({ page }).include('[role="dialog"]').seriousViolations()).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);
  await expect(tab(page)).toBeFocused();
}

async function fillGiftForm(page: Page, visitor: { name: string; email: string; phone: string }) {
  const modal = dialog(page);
  await modal.getByPlaceholder('Имя').fill(visitor.name);
  await modal.getByPlaceholder('E-mail').fill(visitor.email);
  await modal.getByPlaceholder('Телефон').fill(visitor.phone);
}

test.describe('gift modal', () => {
  test('active: the offer with its countdown, old and new price, discount, description and form', async ({ page }) => {
    await openAt(page, [{ giftNumber: 6, startTimestamp: at - hour, endTimestamp: at + 45 * minute }]);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await expect(tab(page)).toBeVisible();
    const scriptsBeforeClick = scripts.length;
    await openModal(page);

    const modal = dialog(page);
    const shown = offerShown(6);
    await expect(modal).toHaveAccessibleName(shown.name);
    await expect(modal).toContainText('Подарок доступен ещё: 45:00');
    await expect(modal.locator('s')).toHaveText(shown.oldPrice);
    await expect(modal.locator('[data-gift-price]')).toHaveText(shown.price);
    await expect(modal).toContainText(shown.discount);
    await expect(modal).toContainText('архитектура фронтенда, TypeScript, тестирование');
    await expect(modal.getByRole('button', { name: 'Забрать подарок' })).toBeDisabled();
    await expect(modal.getByRole('link', { name: 'политикой конфиденциальности' })).toHaveAttribute('target', '_blank');
    await expect(modal.getByRole('link', { name: 'пользовательское соглашение' })).toHaveAttribute('target', '_blank');
    const box = await modal.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(600);

    // The modal and form code came with the click (or the hover just before it), not with the page.
    expect(scripts.length).toBeGreaterThan(scriptsBeforeClick);

    // The countdown in the modal ticks with the tab.
    await page.clock.runFor(second);
    await expect(modal).toContainText('Подарок доступен ещё: 44:59');

    await expectAccessibleAndEscapable(page);
  });

  test("active, on the server's own schedule: the struck-out price and discount the server looked up in the course tariff", async ({ page }) => {
    // No fake: the stack's running window (e2eRunningGift), answered by our endpoint, which resolves
    // the offer's `{цена junior-js 2}` (content/gift-offers.ts) — the modal's chunk has no course data.
    const served = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/gift-schedule');
    await page.goto('/about');
    const windows = (await (await served).json()) as { giftNumber: number; oldPrice?: number; discount?: number }[];
    const offer = giftOffer(e2eRunningGift.giftNumber)!;
    expect(windows.find((window) => window.giftNumber === offer.number)).toMatchObject({ oldPrice: offer.oldPrice, discount: offer.discount });
    await tab(page).click();
    const modal = dialog(page);
    await expect(modal).toBeVisible();
    const shown = offerShown(offer.number);
    await expect(modal).toHaveAccessibleName(shown.name);
    await expect(modal.locator('s')).toHaveText(shown.oldPrice);
    await expect(modal).toContainText(shown.discount);
  });

  test('active: a price paid at once has no "/мес."', async ({ page }) => {
    await openAt(page, [{ giftNumber: 13, startTimestamp: at - hour, endTimestamp: at + hour }]);
    await openModal(page);
    const modal = dialog(page);
    const shown = offerShown(13);
    expect(giftOffer(13)!.isMonthlyPayment).toBe(false);
    await expect(modal).toHaveAccessibleName(shown.name);
    await expect(modal.locator('s')).toHaveText(shown.oldPrice);
    await expect(modal.locator('[data-gift-price]')).toHaveText(shown.price);
    await expect(modal.locator('[data-gift-price]')).not.toContainText('/мес.');
    await expect(modal).toContainText(shown.discount);
  });

  test('inactive: the next gift countdown, all 13 gifts and the promotion link; keyboard, Esc and focus return', async ({ page }) => {
    await openAt(page, [{ giftNumber: 2, startTimestamp: at + 2 * hour, endTimestamp: at + 3 * hour }]);
    await tab(page).focus();
    await openModal(page, () => page.keyboard.press('Enter'));

    const modal = dialog(page);
    await expect(modal).toHaveAccessibleName('Секретные подарки от Санты');
    await expect(modal).toContainText(/До следующего подарка\s*02:00:00/);
    await expect(modal).toContainText('Заглядывайте к нам почаще');
    const names = modal.getByRole('listitem');
    await expect(names).toHaveCount(13);
    await expect(names.first()).toHaveText('Курс «Основы программирования»');
    await expect(names.last()).toHaveText('Комбо «TypeScript + Git + React Advanced»');

    const link = modal.getByRole('link', { name: /^Новогодняя акция/ });
    await expect(link).toHaveAttribute('href', '/events/new-year-2425');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAccessibleName('Новогодняя акция (откроется в новой вкладке)');

    // Focus stays inside the dialog.
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Tab');
      expect(await modal.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }

    await expectAccessibleAndEscapable(page);
  });

  test('inactive on a phone: the short label "Об акции"', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await openAt(page, [{ giftNumber: 2, startTimestamp: at + day, endTimestamp: at + 2 * day }]);
    await openModal(page);
    const link = dialog(page).getByRole('link', { name: /^Об акции/ });
    await expect(link).toBeVisible();
    await expect(link).toHaveAccessibleName('Об акции (откроется в новой вкладке)');
    await expect(link).toHaveAttribute('href', '/events/new-year-2425');
  });

  test('an open inactive modal turns into the offer when its window opens', async ({ page }) => {
    await openAt(page, [{ giftNumber: 10, startTimestamp: at + 3 * second, endTimestamp: at + hour }]);
    await openModal(page);
    await expect(dialog(page)).toHaveAccessibleName('Секретные подарки от Санты');
    await page.clock.runFor(3 * second);
    await expect(dialog(page)).toHaveAccessibleName(offerShown(10).name);
    await expect(dialog(page).locator('[data-gift-price]')).toHaveText(offerShown(10).price);
  });

  test('ajax offer: a real submit is stored by our back end and delivered to GetCourse', async ({ page, fakeGetCourse, consoleErrors }) => {
    const visitor = { name: 'Ольга Снегирёва', email: 'olga.gift4@example.ru', phone: '9123456780' };
    // The server's own schedule and clock: it takes an ajax offer's lead only while its window runs, and
    // the stack runs gift 4 (e2eRunningGift).
    expect(e2eRunningGift.giftNumber).toBe(4);
    await page.clock.install({ time: Date.now() });
    await page.goto('/about');
    await openModal(page);
    await expect(dialog(page)).toHaveAccessibleName(offerShown(4).name);
    await fillGiftForm(page, visitor);

    const leads = page.waitForResponse(`**${LEADS_ENDPOINT}`);
    await dialog(page).getByRole('button', { name: 'Забрать подарок' }).click();
    const response = await leads;
    expect(response.request().postDataJSON()).toMatchObject({
      form: { id: 'gift-4' },
      contacts: { name: visitor.name, email: visitor.email, phone: '+79123456780' },
      extra: { page_path: '/about', block_id: 'gift-modal' },
    });
    expect(response.status()).toBe(200);
    expect(await response.json()).toHaveProperty('message');

    const status = dialog(page).getByRole('status');
    await expect(status).toContainText('Заявка отправлена!');
    await expect(status).toContainText(`Менеджер позвонит вам ${contacts.callHoursPhrase.replace(/\u00a0/g, ' ')}.`);

    const received = await fakeGetCourse.waitFor((all) =>
      all.some((request) => request.path === '/pl/api/deals' && JSON.stringify(request.params).includes(visitor.email)),
    );
    const deal = received.find((request) => request.path === '/pl/api/deals' && JSON.stringify(request.params).includes(visitor.email));
    expect(JSON.stringify(deal?.params)).toContain('Junior Frontend-разработчик');
    expect(consoleErrors.filter((error) => !error.includes('Failed to load resource'))).toEqual([]);
  });

  test('native offer: the browser posts the form to the payment page in a new tab with the spec fields', async ({ page, fakeGetCourse }) => {
    const visitor = { name: 'Пётр Морозов', email: 'petr.gift1@example.ru', phone: '9123456781' };
    await openAt(page, [{ giftNumber: 1, startTimestamp: at - hour, endTimestamp: at + hour }], '/about?utm_source=santa&utm_campaign=ny2025');
    await openModal(page);
    await fillGiftForm(page, visitor);

    const record = page.waitForRequest((request) => new URL(request.url()).pathname === LEADS_ENDPOINT);
    const paymentPage = page.waitForEvent('popup');
    await dialog(page).getByRole('button', { name: 'Забрать подарок' }).click();
    const popup = await paymentPage;
    await popup.waitForLoadState();
    expect(popup.url()).toBe(`${fakeGetCourse.url}/pl/lite/block-public/process-html?id=1482301&utm_source=santa&utm_campaign=ny2025`);
    await expect(popup.getByRole('heading')).toHaveText('Заявка принята');

    const received = await fakeGetCourse.waitFor((all) => all.some((request) => request.form['formParams[email]'] === visitor.email));
    const post = received.find((request) => request.form['formParams[email]'] === visitor.email)!;
    expect(post.method).toBe('POST');
    expect(post.path).toBe('/pl/lite/block-public/process-html');
    expect(post.query).toEqual({ id: '1482301', utm_source: 'santa', utm_campaign: 'ny2025' });
    expect(post.form).toMatchObject({
      'formParams[full_name]': visitor.name,
      'formParams[email]': visitor.email,
      'formParams[phone]': '+79123456781',
      utm_source: 'santa',
      utm_campaign: 'ny2025',
      page_path: '/about',
      __gc__internal__form__helper: expect.stringContaining('/about?utm_source=santa'),
      __gc__internal__form__helper_ref: '',
      requestTime: '1733011200',
      requestSimpleSign: '5c0e4b7f2a9d1e3c8b6a4f2d0e9c7b5a',
    });

    // Our back end keeps a record of the lead, marked as already posted by the browser.
    expect((await record).postDataJSON()).toMatchObject({
      form: { id: 'gift-1' },
      contacts: { email: visitor.email },
      extra: { utm: { source: 'santa', campaign: 'ny2025' }, page_path: '/about' },
      browser_delivered: true,
    });

    const status = dialog(page).getByRole('status');
    await expect(status).toContainText('Заявка отправлена!');
    await expect(status).toContainText('Страница оплаты открылась в другом окне');
  });
});

test('the promotion page describes the gifts and lists all 13 offers with prices', async ({ page }) => {
  // No window at all: the tab stays away from the offers (the stack's running window would show it).
  await page.route('**/api/gift-schedule', (route) => route.fulfill(emptyGiftSchedule()));
  await page.goto('/events/new-year-2425');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Секретные подарки от Санты');
  const offers = page.getByRole('region', { name: 'Все 13 подарков' }).getByRole('listitem');
  await expect(offers).toHaveCount(giftOffers().length);
  for (const [index, offer] of giftOffers().entries()) {
    const shown = offerShown(offer.number);
    await expect(offers.nth(index), `offer ${offer.number}`).toContainText(shown.price);
    await expect(offers.nth(index).locator('s'), `offer ${offer.number}`).toContainText(shown.oldPrice);
    await expect(offers.nth(index), `offer ${offer.number}`).toContainText(shown.discount);
  }
  // Offer 9's description keeps the spec's other reading of its discount.
  await expect(offers.nth(8)).toContainText('34%');
});
