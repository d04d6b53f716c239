/**
 * Fixtures of the end-to-end suite. Import `test` and `expect` from here, not from @playwright/test.
 * - `fakeGetCourse`: the fake GetCourse server behind the site. Tests run in parallel against this one
 *   server, so a test never resets it or changes its mode (force a failure in the browser with
 *   `page.route` instead, or `outage` for its own e-mails on the server's side) and finds its own requests
 *   by data only it sends, such as its e-mail.
 * - `fakeTelegram`: the fake Telegram behind the stack's lead-alert bot (a chat id of the test's own).
 * - `consoleErrors`: the page's console errors and uncaught exceptions, collected as they happen.
 * - `consolePolicyViolations` (in every test): what the browser refused on a console page (/admin) under
 *   its Content Security Policy; any such refusal fails the test. Public pages are left to their own
 *   tests (e2e/csp-tags.spec.ts causes refusals there on purpose).
 */
import { test as base, expect } from '@playwright/test';
import { isConsolePath } from '../../server/http/content-security-policy';
import type { ReceivedRequest } from '../../tests/support/fake-getcourse';
import { fakeGetCourseUrl, fakeTelegramUrl } from './env';

export interface FakeGetCourseClient {
  url: string;
  received(): Promise<ReceivedRequest[]>;
  /** Polls until `predicate` holds for the requests received so far; returns them. */
  waitFor(predicate: (received: ReceivedRequest[]) => boolean, timeoutMs?: number): Promise<ReceivedRequest[]>;
  /** GetCourse down (502) for the imports whose data holds `match` (the test's own e-mails), or up again. */
  outage(match: string, on: boolean): Promise<void>;
}

/**
 * How often a wait asks the fake what it received: one local request a time, so often, and never the
 * default's second apart (a delivery the server makes within 200 ms of a lead is seen within 100 ms).
 */
const FAKE_POLL_INTERVALS = [50, 100];

const fakeGetCourseClient: FakeGetCourseClient = {
  url: fakeGetCourseUrl,
  async received() {
    return (await fetch(`${fakeGetCourseUrl}/__fake/received`)).json();
  },
  async waitFor(predicate, timeoutMs = 15_000) {
    let received: ReceivedRequest[] = [];
    await expect
      .poll(async () => predicate((received = await fakeGetCourseClient.received())), {
        timeout: timeoutMs,
        intervals: FAKE_POLL_INTERVALS,
        message: 'fake GetCourse: the condition on the received requests',
      })
      .toBe(true);
    return received;
  },
  async outage(match, on) {
    const response = await fetch(`${fakeGetCourseUrl}/__fake/outage`, { method: 'POST', body: JSON.stringify({ match, on }) });
    if (!response.ok) throw new Error(`fake GetCourse outage: ${response.status}`);
  },
};

/**
 * The fake Telegram behind the stack's lead-alert bot, driven over HTTP (it runs in the stack's process):
 * a person presses «Start» on a join link, and the messages the bot delivered to a chat.
 */
export interface FakeTelegramClient {
  pressStart(start: { chatId: number; firstName?: string; lastName?: string; username?: string; text: string }): Promise<void>;
  delivered(chatId: number): Promise<{ chatId: string; text: string }[]>;
}

const fakeTelegramClient: FakeTelegramClient = {
  async pressStart(start) {
    const response = await fetch(`${fakeTelegramUrl}/__fake/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(start),
    });
    if (!response.ok) throw new Error(`fake Telegram: ${response.status}`);
  },
  async delivered(chatId) {
    return (await fetch(`${fakeTelegramUrl}/__fake/delivered?chat=${chatId}`)).json();
  },
};

interface PolicyViolation {
  page: string;
  directive: string;
  blocked: string;
}

export const test = base.extend<{
  fakeGetCourse: FakeGetCourseClient;
  fakeTelegram: FakeTelegramClient;
  consoleErrors: string[];
  consolePolicyViolations: PolicyViolation[];
}>({
  fakeGetCourse: async ({}, use) => {
    await use(fakeGetCourseClient);
  },
  fakeTelegram: async ({}, use) => {
    await use(fakeTelegramClient);
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
  consolePolicyViolations: [
    async ({ context }, use) => {
      const violations: PolicyViolation[] = [];
      await context.exposeBinding('__policyViolation', (_source, violation: PolicyViolation) => {
        if (isConsolePath(new URL(violation.page).pathname)) violations.push(violation);
      });
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { __policyViolation: (violation: PolicyViolation) => Promise<void> }).__policyViolation;
          void report({ page: event.documentURI, directive: event.effectiveDirective, blocked: event.blockedURI });
        });
      });
      await use(violations);
      expect(violations, 'what the browser refused on console pages under their Content Security Policy').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
