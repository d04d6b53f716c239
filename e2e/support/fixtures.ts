/**
 * Fixtures of the end-to-end suite. Import `test` and `expect` from here, not from @playwright/test.
 * - `fakeGetCourse`: the fake GetCourse server behind the site. Tests run in parallel against this one
 *   server, so a test never resets it or changes its mode (force a failure in the browser with
 *   `page.route` instead) and finds its own requests by data only it sends, such as its e-mail.
 * - `consoleErrors`: the page's console errors and uncaught exceptions, collected as they happen.
 * - `consolePolicyViolations` (in every test): what the browser refused on a console page (/admin) under
 *   its Content Security Policy; any such refusal fails the test. Public pages are left to their own
 *   tests (e2e/csp-tags.spec.ts causes refusals there on purpose).
 */
import { test as base, expect } from '@playwright/test';
import { isConsolePath } from '../../server/http/content-security-policy';
import type { ReceivedRequest } from '../../tests/support/fake-getcourse';
import { fakeGetCourseUrl } from './env';

export interface FakeGetCourseClient {
  url: string;
  received(): Promise<ReceivedRequest[]>;
  /** Polls until `predicate` holds for the requests received so far; returns them. */
  waitFor(predicate: (received: ReceivedRequest[]) => boolean, timeoutMs?: number): Promise<ReceivedRequest[]>;
}

const fakeGetCourseClient: FakeGetCourseClient = {
  url: fakeGetCourseUrl,
  async received() {
    return (await fetch(`${fakeGetCourseUrl}/__fake/received`)).json();
  },
  async waitFor(predicate, timeoutMs = 15_000) {
    let received: ReceivedRequest[] = [];
    await expect
      .poll(async () => predicate((received = await fakeGetCourseClient.received())), { timeout: timeoutMs, message: 'fake GetCourse: the condition on the received requests' })
      .toBe(true);
    return received;
  },
};

interface PolicyViolation {
  page: string;
  directive: string;
  blocked: string;
}

export const test = base.extend<{ fakeGetCourse: FakeGetCourseClient; consoleErrors: string[]; consolePolicyViolations: PolicyViolation[] }>({
  // The tag manager is a third party: no test reaches the internet for it. A test that looks at the tag
  // manager itself routes it again on its page (page routes take precedence over context routes).
  context: async ({ context }, use) => {
    await context.route('https://www.googletagmanager.com/**', (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
    await use(context);
  },
  fakeGetCourse: async ({}, use) => {
    await use(fakeGetCourseClient);
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
