import type { Locator, Page, Route } from '@playwright/test';
import type { ReceivedRequest } from '../tests/support/fake-getcourse';
import { ATTEMPT_DEADLINE_MS, SUBMIT_BUDGET_MS } from '../components/lead-form/network-policy';
import { deliveriesOf, leadsOf } from './support/database';
import { expect, test, type FakeGetCourseClient } from './support/fixtures';
import { advanceClockUntil, pageTime, requestsInFlight } from './support/page-clock';
import { serverAnswers } from './support/server-answers';
import { LEADS_ENDPOINT } from '../lib/api-contract';

/**
 * A lead survives the visitor's network, for the contact form of a course page, the timed
 * lead-form pop-up and the consultation popover, against the production build, its SQLite database and
 * the fake GetCourse. Playwright controls the network of the order call only: it loses the answer after
 * the server stored the lead, stalls the call, answers what our server answers when its database is
 * down (503), or takes the browser offline. Everything else is the real stack.
 */

const leadsEndpoint = `**${LEADS_ENDPOINT}`;
const toastText = 'Что-то пошло не так при отправке формы. Пожалуйста, попробуйте ещё раз позже.';

interface FormUnderTest {
  key: string;
  /** Opens the page and the form; returns the element that holds the form. */
  open(page: Page): Promise<Locator>;
  success(page: Page, scope: Locator): Locator;
  /** The failure the visitor sees once the budget is spent. */
  failure(page: Page, scope: Locator): Locator;
  /** After a failure: gets the form's button back in reach (the popover's overlay has its own button). */
  backToForm(scope: Locator): Promise<void>;
  /** How the lead reaches GetCourse (every form's lead is a deal through the import API). */
  delivered(request: ReceivedRequest, email: string): boolean;
}

const asDeal = (request: ReceivedRequest, email: string) => request.path === '/pl/api/deals' && JSON.stringify(request.params ?? '').includes(email);
const toast = (page: Page) => page.locator('[data-toast-area] [data-variant="destructive"]').filter({ hasText: toastText });

const forms: FormUnderTest[] = [
  {
    key: 'contact',
    async open(page) {
      await page.goto('/products/junior-js');
      const section = page.locator('#lead-form');
      await section.scrollIntoViewIfNeeded();
      await expect(section.locator('[data-form-ready]')).toHaveCount(1);
      return section;
    },
    success: (_, scope) => scope.getByRole('status').filter({ hasText: 'Заявка отправлена!' }),
    failure: (page) => toast(page),
    backToForm: async () => undefined,
    delivered: asDeal,
  },
  {
    key: 'popup',
    async open(page) {
      await page.goto('/products/middle-js/cvrna');
      await page.waitForLoadState('networkidle');
      const now = await page.evaluate(() => performance.now());
      await page.clock.fastForward(Math.ceil(31_000 - now));
      const dialog = page.getByRole('dialog');
      await expect(dialog).toHaveAccessibleName('Успейте поймать скидку!');
      return dialog;
    },
    success: (_, scope) => scope.getByRole('heading', { name: 'Ваша заявка отправлена!' }),
    failure: (page) => toast(page),
    backToForm: async () => undefined,
    delivered: asDeal,
  },
  {
    key: 'consultation',
    async open(page) {
      await page.setViewportSize({ width: 1280, height: 800 });
      // A page without a timed pop-up: one opening after 30 s would close the popover (an outside interaction).
      await page.goto('/about');
      await page.getByRole('button', { name: 'Получить консультацию' }).click();
      const panel = page.getByRole('dialog', { name: 'Поможем разобраться' });
      await expect(panel.getByPlaceholder('Имя')).toBeVisible();
      return panel;
    },
    success: (_, scope) => scope.getByRole('heading', { name: 'Успешно!' }),
    failure: (_, scope) => scope.getByRole('heading', { name: 'Ошибка при отправке', exact: true }),
    backToForm: (scope) => scope.getByRole('button', { name: 'Попробовать ещё раз' }).click(),
    delivered: asDeal,
  },
];

async function fill(scope: Locator, email: string) {
  await scope.getByPlaceholder('Имя').fill('Вера Сетевая');
  await scope.getByPlaceholder('E-mail').fill(email);
  await scope.getByPlaceholder('Телефон').fill('9161234567');
  await expect(submitButton(scope)).toBeEnabled();
}

const submitButton = (scope: Locator) => scope.locator('button[type="submit"]');

/** One lead for the e-mail, delivered once: its single outbox row is sent and GetCourse got it exactly once. */
async function expectOneLeadDeliveredOnce(form: FormUnderTest, email: string, fakeGetCourse: FakeGetCourseClient) {
  const leads = await leadsOf(email);
  expect(leads).toHaveLength(1);
  expect(leads[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  await expect.poll(async () => (await deliveriesOf(email)).map((d) => d.status), { timeout: 20_000 }).toEqual(['sent']);
  const received = await fakeGetCourse.received();
  expect(received.filter((r) => r.outcome === 'success' && form.delivered(r, email))).toHaveLength(1);
}

for (const form of forms) {
  test.describe(`${form.key} form on a bad network`, () => {
    // The page's clock runs as usual until a test moves it on (the pop-up's 30 s, the submit budget).
    test.beforeEach(({ page }) => page.clock.install());

    test('(a) the answer is lost after the server stored the lead: success is shown, one lead, one delivery', async ({ page, fakeGetCourse }) => {
      const email = `net-a-${form.key}@example.ru`;
      const scope = await form.open(page);
      await fill(scope, email);
      let attempts = 0;
      await page.route(leadsEndpoint, async (route: Route) => {
        attempts += 1;
        if (attempts > 1) return route.continue();
        await route.fetch(); // reached our server: stored and acknowledged…
        await route.abort('connectionreset'); // …and the answer never reaches the phone
      });
      await submitButton(scope).click();
      await expect(form.success(page, scope)).toBeVisible();
      expect(attempts).toBe(2);
      await expectOneLeadDeliveredOnce(form, email, fakeGetCourse);
    });

    test('(b) after a final failure the visitor presses again: still one lead', async ({ page, fakeGetCourse }) => {
      const email = `net-b-${form.key}@example.ru`;
      const scope = await form.open(page);
      await fill(scope, email);
      // Every answer is lost on the way back, after the server stored the lead.
      await page.route(leadsEndpoint, async (route: Route) => {
        await route.fetch().catch(() => undefined);
        await route.abort('connectionreset').catch(() => undefined);
      });
      const inFlight = requestsInFlight(page);
      await submitButton(scope).click();
      await advanceClockUntil(page, form.failure(page, scope), await pageTime(page), SUBMIT_BUDGET_MS + 15_000, inFlight);
      expect(await leadsOf(email)).toHaveLength(1);
      await form.backToForm(scope);
      // The typed values are still there.
      await expect(scope.getByPlaceholder('E-mail')).toHaveValue(email);

      await page.unroute(leadsEndpoint);
      const again = page.waitForResponse(leadsEndpoint);
      await submitButton(scope).click();
      expect((await again).headers()['idempotent-replayed']).toBe('true');
      await expect(form.success(page, scope)).toBeVisible();
      await expectOneLeadDeliveredOnce(form, email, fakeGetCourse);
    });

    test('(c) the call stalls: the visitor gets the failure within the budget and can press again', async ({ page }) => {
      const email = `net-c-${form.key}@example.ru`;
      const scope = await form.open(page);
      await fill(scope, email);
      let attempts = 0;
      // The request is taken and never answered (a stalled mobile connection).
      await page.route(leadsEndpoint, () => void (attempts += 1));
      const inFlight = requestsInFlight(page, { except: LEADS_ENDPOINT });
      const pressedAt = await pageTime(page);
      await submitButton(scope).click();
      await expect(submitButton(scope)).toHaveAttribute('aria-busy', 'true');
      // Timed by the moment the form stops waiting (its button no longer busy, or the failure already shown):
      // the failure's message may come in a chunk of its own, loaded in real time while the loop would move
      // the clock on, second by second, and count that load as the visitor's wait.
      const stoppedWaiting = form.failure(page, scope).or(scope.locator('button[type="submit"]:not([aria-busy="true"])')).first();
      const took = await advanceClockUntil(page, stoppedWaiting, pressedAt, SUBMIT_BUDGET_MS + 15_000, inFlight);
      await expect(form.failure(page, scope)).toBeVisible();
      // Within a few of the clock's one-second steps after the budget ends (the real time between the steps
      // runs on the page's clock too).
      expect(took).toBeGreaterThan(SUBMIT_BUDGET_MS - 3_000);
      expect(took).toBeLessThan(SUBMIT_BUDGET_MS + 5_000);
      // Each attempt had its deadline, so there were several.
      expect(attempts).toBeGreaterThanOrEqual(Math.floor(SUBMIT_BUDGET_MS / ATTEMPT_DEADLINE_MS));
      await form.backToForm(scope);
      await expect(submitButton(scope)).toBeEnabled();
      await expect(submitButton(scope)).not.toHaveAttribute('aria-busy', 'true');
      expect(await leadsOf(email)).toHaveLength(0);
    });

    test('(d) two 503 answers, then success: one lead, success shown', async ({ page, fakeGetCourse }) => {
      const email = `net-d-${form.key}@example.ru`;
      const scope = await form.open(page);
      await fill(scope, email);
      let attempts = 0;
      await page.route(leadsEndpoint, (route: Route) => {
        attempts += 1;
        return attempts <= 2 ? route.fulfill(serverAnswers.unavailable) : route.continue();
      });
      const inFlight = requestsInFlight(page);
      await submitButton(scope).click();
      // Each 503 asks for a pause (Retry-After, capped at 5 s): spent on the page's clock.
      await advanceClockUntil(page, form.success(page, scope), await pageTime(page), SUBMIT_BUDGET_MS, inFlight);
      expect(attempts).toBe(3);
      await expectOneLeadDeliveredOnce(form, email, fakeGetCourse);
    });

    test('(e) offline for 5 s at submit, then online: it waits, sends once, success shown', async ({ page, context, fakeGetCourse }) => {
      const email = `net-e-${form.key}@example.ru`;
      const scope = await form.open(page);
      await fill(scope, email);
      let attempts = 0;
      page.on('request', (request) => void (request.url().endsWith(LEADS_ENDPOINT) && (attempts += 1)));
      await context.setOffline(true);
      const offlineSince = await pageTime(page);
      await submitButton(scope).click();
      await expect(submitButton(scope)).toHaveAttribute('aria-busy', 'true');
      // Five seconds of the page's own time offline, the button still sending and nothing sent.
      await page.clock.runFor(5_000);
      expect((await pageTime(page)) - offlineSince).toBeGreaterThanOrEqual(5_000);
      await expect(submitButton(scope)).toHaveAttribute('aria-busy', 'true');
      expect(attempts).toBe(0);
      await context.setOffline(false);
      await expect(form.success(page, scope)).toBeVisible();
      expect(attempts).toBe(1);
      await expectOneLeadDeliveredOnce(form, email, fakeGetCourse);
    });
  });
}
