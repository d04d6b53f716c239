import type { Page, Route } from '@playwright/test';
import { contacts } from '../content/site';
import { SERVER_TIME_HEADER } from '../lib/server-clock';
import { expect, test } from './support/fixtures';

/**
 * A failure stays where it happens: a widget whose code never arrives, a widget that throws,
 * a form whose chunk is lost, and a visitor whose clock is a day off. The faults are made by Playwright
 * on the network (an aborted chunk, a chunk served with a throwing line in it): nothing in the build is
 * there for tests.
 */

const chunks = '**/_next/static/chunks/*.js';
// The gift tab (its caption is only in the gift widget's idle chunk; the e2e stack seeds a running window).
const giftCaption = 'Заберите подарок от Санты';
const giftTab = (page: Page) => page.getByRole('button', { name: new RegExp(giftCaption) });
const day = 24 * 60 * 60 * 1000;

/** Applies `change` to every script chunk whose text contains `marker` (the rest pass untouched). */
async function onChunkWith(page: Page, marker: string, change: (route: Route, body: string) => Promise<void>) {
  await page.route(chunks, async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes(marker)) await change(route, body);
    else await route.fulfill({ response, body });
  });
}

/** The page and the widgets that did not fail are alive: the heading, the consultation button, its form. */
async function expectPageAndOtherWidgetsAlive(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Application error')).toHaveCount(0);
  const consultation = page.getByRole('button', { name: 'Получить консультацию' });
  await expect(consultation).toBeVisible();
  await consultation.click();
  await expect(page.getByRole('dialog', { name: 'Поможем разобраться' }).getByPlaceholder('Имя')).toBeVisible();
}

test.describe('a failing widget stays where it happens', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
  });
  // A chunk still being fetched by a route handler when the test ends must not fail it afterwards.
  test.afterEach(async ({ page }) => {
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('a widget chunk that never arrives: that widget is missing, the page and the other widgets work', async ({ page }) => {
    let aborted = 0;
    await onChunkWith(page, giftCaption, async (route) => {
      aborted += 1;
      await route.abort('connectionreset');
    });
    await page.goto('/');
    await expectPageAndOtherWidgetsAlive(page);
    // It was tried more than once before the gift tab was given up.
    await expect.poll(() => aborted).toBeGreaterThanOrEqual(2);
    await expect(giftTab(page)).toHaveCount(0);
  });

  test('a widget chunk lost once is fetched again and the widget appears', async ({ page }) => {
    let aborted = 0;
    await onChunkWith(page, giftCaption, async (route, body) => {
      if (aborted === 0) {
        aborted += 1;
        await route.abort('connectionreset');
      } else {
        await route.fulfill({ body, contentType: 'application/javascript' });
      }
    });
    await page.goto('/');
    await expect(giftTab(page)).toBeVisible();
    expect(aborted).toBe(1);
  });

  test('a widget that throws while rendering renders nothing; the page lives on', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => void (message.type() === 'warning' && warnings.push(message.text())));
    await onChunkWith(page, `children:"${giftCaption}"`, (route, body) =>
      route.fulfill({
        contentType: 'application/javascript',
        body: body.replace(`children:"${giftCaption}"`, 'children:(()=>{throw new Error("e2e: the gift tab throws")})()'),
      }),
    );
    await page.goto('/');
    await expectPageAndOtherWidgetsAlive(page);
    await expect(giftTab(page)).toHaveCount(0);
    await expect.poll(() => warnings.some((text) => text.includes('gift failed and is left out'))).toBe(true);
  });

  test("the contact form's chunk failing shows the fallback with the phone and messengers", async ({ page }) => {
    await onChunkWith(page, 'Отправить ещё одну заявку', (route) => route.abort('connectionreset'));
    await page.goto('/products/junior-js');
    const section = page.locator('#lead-form');
    await section.scrollIntoViewIfNeeded();
    const fallback = section.getByRole('alert');
    await expect(fallback).toContainText('Не удалось загрузить форму');
    await expect(fallback.getByRole('link', { name: contacts.phone.display })).toHaveAttribute('href', contacts.phone.href);
    await expect(fallback.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', contacts.whatsapp);
    await expect(fallback.getByRole('link', { name: 'Telegram' })).toHaveAttribute('href', contacts.telegram);
    // No disabled look-alike is left behind.
    await expect(section.getByRole('button', { name: /^Отправить/ })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test("the modal form's chunk: a failure shows the contacts, and the next click tries again", async ({ page }) => {
  let failing = true;
  await onChunkWith(page, '"Хорошо"', (route, body) =>
    failing ? route.abort('connectionreset') : route.fulfill({ body, contentType: 'application/javascript' }),
  );
  await page.goto('/about');
  const trigger = page.getByRole('button', { name: 'Оставить заявку' });
  await trigger.click();
  const fallback = page.getByRole('alert').filter({ hasText: 'Не удалось загрузить форму' });
  await expect(fallback).toBeVisible();
  await expect(fallback.getByRole('link', { name: contacts.phone.display })).toHaveAttribute('href', contacts.phone.href);
  await expect(fallback.getByRole('link', { name: 'Telegram' })).toHaveAttribute('href', contacts.telegram);

  // The network is back: the trigger does not keep the old rejection.
  failing = false;
  await trigger.click();
  await expect(page.getByRole('dialog', { name: 'Оставьте заявку' }).getByPlaceholder('Имя')).toBeVisible();
});

test.describe('the gift countdown runs on the server clock', () => {
  // The real endpoint answers: the stack seeded a window running now (e2eRunningGift) in the server's database.
  for (const [label, shift] of [
    ['a day behind', -day],
    ['a day ahead', day],
  ] as const) {
    test(`a phone whose clock is ${label} sees the running gift and the true time left`, async ({ page }) => {
      await page.clock.install({ time: Date.now() + shift });
      const schedule = page.waitForResponse('**/api/gift-schedule');
      await page.goto('/about');
      const answer = await schedule;
      expect(answer.headers()[SERVER_TIME_HEADER]).toMatch(/^\d+$/);
      const tab = page.getByRole('button', { name: /Заберите подарок от Санты/ });
      await expect(tab).toHaveAttribute('data-gift-state', 'active');
      // Under six hours left on the server's clock (the device would say a day more, or show the next gift).
      await expect(tab).toHaveText(/Не упустите: 0[0-5]:\d\d:\d\d/);
    });
  }
});
