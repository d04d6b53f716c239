import { AxeBuilder } from './support/axe';
import type { Page, Route } from '@playwright/test';
import { contacts } from '../content/site';
import { expect, test } from './support/fixtures';
import { serverAnswers } from './support/server-answers';
import { LEADS_ENDPOINT } from '../lib/api-contract';

const triggerName = 'Получить консультацию';
const errorHeading = { name: 'Ошибка при отправке', exact: true };
const leadsEndpoint = `**${LEADS_ENDPOINT}`;
const visitor = { name: 'Мария Иванова', email: 'maria.consult@example.ru', phone: '9123456789' };

function popover(page: Page) {
  return {
    trigger: page.getByRole('button', { name: triggerName }),
    panel: page.getByRole('dialog', { name: 'Поможем разобраться' }),
  };
}

async function openOnDesktop(page: Page) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const { trigger, panel } = popover(page);
  await trigger.click();
  await expect(panel).toBeVisible();
  await expect(panel.getByPlaceholder('Имя')).toBeVisible();
  return { trigger, panel };
}

async function fillForm(page: Page) {
  const { panel } = popover(page);
  await panel.getByPlaceholder('Имя').fill(visitor.name);
  await panel.getByPlaceholder('E-mail').fill(visitor.email);
  await panel.getByPlaceholder('Телефон').fill(visitor.phone);
  await expect(panel.getByRole('button', { name: 'Оставить заявку' })).toBeEnabled();
}

function dataLayer(page: Page) {
  return page.evaluate(() => (window as unknown as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []);
}

const submitEvent = { event: 'lead', product_name: 'consultation', id_form: 'consultation' };

test.describe('consultation popover', () => {
  test('is absent on a 375 px wide phone and shown from the sm breakpoint up', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    // The widgets have loaded (the teaser shows on phones); below sm the button is not even fetched.
    await expect(page.getByRole('button', { name: 'Новый курс Vue 3 / Подарок за подписку!' })).toBeVisible();
    await expect(page.locator(`button[aria-label="${triggerName}"]`)).toHaveCount(0);

    await page.setViewportSize({ width: 640, height: 740 });
    await expect(popover(page).trigger).toBeVisible();
    const box = (await popover(page).trigger.boundingBox())!;
    expect(box.x + box.width).toBeGreaterThan(640 - 60);
    expect(box.y + box.height).toBeGreaterThan(740 - 60);
  });

  test('opens with its button: heading, promise, three fields, contacts; closes with its button', async ({ page }) => {
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const { trigger, panel } = await openOnDesktop(page);
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(panel.getByRole('heading', { name: 'Поможем разобраться' })).toBeVisible();
    await expect(panel).toContainText('перезвоним');
    await expect(panel).toContainText('подарок');
    await expect(panel.getByPlaceholder('E-mail')).toBeVisible();
    await expect(panel.getByPlaceholder('Телефон')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Оставить заявку' })).toBeDisabled();

    await expect(panel.getByRole('link', { name: contacts.phone.display })).toHaveAttribute('href', contacts.phone.href);
    const whatsapp = panel.getByRole('link', { name: 'WhatsApp' });
    await expect(whatsapp).toHaveAttribute('href', contacts.whatsapp);
    await expect(whatsapp).toHaveAttribute('target', '_blank');
    await expect(panel.getByRole('link', { name: 'Telegram' })).toHaveAttribute('href', contacts.telegram);

    await trigger.click();
    await expect(panel).toBeHidden();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(pageErrors).toEqual([]);
  });

  test('Escape closes it and gives focus back to the button', async ({ page }) => {
    const { trigger, panel } = await openOnDesktop(page);
    await expect(panel.getByPlaceholder('Имя')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('a click outside closes it', async ({ page }) => {
    const { panel } = await openOnDesktop(page);
    await page.mouse.click(200, 400);
    await expect(panel).toBeHidden();
  });

  test('its close icon closes it', async ({ page }) => {
    const { trigger, panel } = await openOnDesktop(page);
    await panel.getByRole('button', { name: 'Закрыть' }).click();
    await expect(panel).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('the popover and form code load on first hover of the button, not with the page or the widgets', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const scripts: { url: string; body: Promise<string> }[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push({ url: response.url(), body: response.text().catch(() => '') });
    });
    const carriesForm = async (list: typeof scripts) => (await Promise.all(list.map((s) => s.body))).some((body) => body.includes('Отправка...'));

    await page.goto('/');
    const { trigger, panel } = popover(page);
    await expect(trigger).toBeVisible();
    await expect(page.getByRole('button', { name: 'Новый курс Vue 3 / Подарок за подписку!' })).toBeVisible();
    expect(await carriesForm(scripts)).toBe(false);

    await trigger.hover();
    await expect.poll(() => carriesForm(scripts)).toBe(true);
    await trigger.click();
    await expect(panel.getByPlaceholder('Имя')).toBeVisible();
  });

  test("shows 'Отправка...' while sending, then 'Успешно!'; the lead reaches the back end and the CRM", async ({ page, fakeGetCourse }) => {
    const { panel } = await openOnDesktop(page);
    let held: Route | undefined;
    await page.route(leadsEndpoint, (route) => {
      held = route;
    });
    await fillForm(page);
    await panel.getByRole('button', { name: 'Оставить заявку' }).click();

    const sending = panel.getByRole('button', { name: 'Отправка...' });
    await expect(sending).toBeVisible();
    await expect(sending).toBeDisabled();
    await expect.poll(() => held !== undefined).toBe(true);
    expect(held!.request().postDataJSON()).toMatchObject({
      form: { id: 'consultation' },
      contacts: { name: visitor.name, email: visitor.email, phone: '+79123456789' },
    });
    expect((await dataLayer(page)).filter((e) => e.event === 'lead')).toEqual([]);

    await held!.continue();
    const success = panel.getByRole('status').filter({ hasText: 'Успешно!' });
    await expect(success).toBeVisible();
    // The call-back window, worded as when a manager calls: the site's one «рабочее время» is the support line's.
    await expect(success).toContainText(`Заявка отправлена. Мы позвоним вам ${contacts.callHoursPhrase.replace(/\u00a0/g, ' ')}.`);
    await expect(panel.getByRole('heading', { name: 'Успешно!' })).toBeFocused();
    await expect(panel.getByRole('button', { name: 'Оставить заявку' })).toHaveCount(0);
    await expect.poll(() => dataLayer(page)).toContainEqual(submitEvent);

    // Stored by our back end, then delivered by its worker to the (fake) GetCourse as a deal.
    const received = await fakeGetCourse.waitFor((list) => list.some((r) => JSON.stringify(r.params ?? '').includes(visitor.email)));
    const deal = received.find((r) => JSON.stringify(r.params ?? '').includes(visitor.email))!;
    expect(deal.path).toBe('/pl/api/deals');

    // Reopening gives a fresh, empty form.
    await popover(page).trigger.click();
    await expect(panel).toBeHidden();
    await popover(page).trigger.click();
    await expect(panel.getByPlaceholder('Имя')).toHaveValue('');
  });

  test("a failed send shows the 'Ошибка при отправке' overlay with the messengers and no submit event", async ({ page }) => {
    const { panel } = await openOnDesktop(page);
    // A final refusal as our server words it (network failures and 5xx are retried first: bad-network.spec.ts).
    await page.route(leadsEndpoint, (route) => route.fulfill(serverAnswers.foreignOrigin));
    await fillForm(page);
    await panel.getByRole('button', { name: 'Оставить заявку' }).click();

    const overlay = panel.getByRole('alert').filter({ has: page.getByRole('heading', errorHeading) });
    await expect(overlay).toBeVisible();
    await expect(overlay).toContainText('мессенджер');
    await expect(overlay).toContainText('перезагрузите страницу');
    await expect(overlay.getByRole('link', { name: 'Написать в WhatsApp' })).toHaveAttribute('href', contacts.whatsapp);
    await expect(overlay.getByRole('link', { name: 'Написать в Telegram' })).toHaveAttribute('href', contacts.telegram);
    await expect(panel.getByRole('heading', errorHeading)).toBeFocused();
    // The form behind the overlay is out of reach (inert); the shared failure toast is not shown on top.
    const submit = panel.locator('button[type="submit"]');
    expect(await submit.evaluate((button) => button.closest('[inert]') !== null)).toBe(true);
    await page.keyboard.press('Tab');
    await expect(overlay.getByRole('link', { name: 'Написать в WhatsApp' })).toBeFocused();
    await expect(page.getByText('Что-то пошло не так при отправке формы')).toHaveCount(0);
    expect((await dataLayer(page)).filter((e) => e.event === 'lead')).toEqual([]);

    await overlay.getByRole('button', { name: 'Перезагрузить страницу' }).click();
    await page.waitForLoadState('load');
    await expect(panel).toBeHidden();
  });

  test('a refused idempotency key (422) counts as a failure too', async ({ page }) => {
    const { panel } = await openOnDesktop(page);
    await page.route(leadsEndpoint, (route) => route.fulfill(serverAnswers.keyReused));
    await fillForm(page);
    await panel.getByRole('button', { name: 'Оставить заявку' }).click();
    await expect(panel.getByRole('alert').filter({ has: page.getByRole('heading', errorHeading) })).toBeVisible();
  });

  test('keyboard alone opens, fills and sends the form', async ({ page, fakeGetCourse }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const { trigger, panel } = popover(page);
    await expect(trigger).toBeVisible();
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(panel.getByPlaceholder('Имя')).toBeFocused();
    await page.keyboard.type('Пётр Кузнецов');
    await page.keyboard.press('Tab');
    await page.keyboard.type('petr.keyboard@example.ru');
    await page.keyboard.press('Tab'); // the phone's country selector
    await page.keyboard.press('Tab');
    await expect(panel.getByPlaceholder('Телефон')).toBeFocused();
    await page.keyboard.type('9161234567');
    await expect(panel.getByRole('button', { name: 'Оставить заявку' })).toBeEnabled();
    await page.keyboard.press('Enter');
    await expect(panel.getByRole('heading', { name: 'Успешно!' })).toBeFocused();
    await fakeGetCourse.waitFor((list) => list.some((r) => JSON.stringify(r.params ?? '').includes('petr.keyboard@example.ru')));
  });

  test('has no serious accessibility violations, open and after an error', async ({ page }) => {
    const { panel } = await openOnDesktop(page);
    const serious = async () => (await new AxeBuilder({ page }).include('[role="dialog"]').seriousViolations()).map((v) => `${v.id}: ${v.help}`);
    expect(await serious()).toEqual([]);
    await page.route(leadsEndpoint, (route) => route.fulfill(serverAnswers.foreignOrigin));
    await fillForm(page);
    await panel.getByRole('button', { name: 'Оставить заявку' }).click();
    await expect(panel.getByRole('alert').filter({ has: page.getByRole('heading', errorHeading) })).toBeVisible();
    expect(await serious()).toEqual([]);
  });
});
