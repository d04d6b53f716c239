import type { Locator, Page, Request } from '@playwright/test';
import { LEAD_IDS_ENDPOINT, PAGE_VIEWS_ENDPOINT, POPUP_EVENTS_ENDPOINT, VITALS_ENDPOINT } from '../../lib/api-contract';
import { expect } from './fixtures';

/** The page's own `performance.now()` (the installed clock's, when a test installed one). */
export const pageTime = (page: Page) => page.evaluate(() => performance.now());

/** Calls the page sends without waiting for their answer (`keepalive` fetches and `sendBeacon`). */
const fireAndForget = [LEAD_IDS_ENDPOINT, POPUP_EVENTS_ENDPOINT, VITALS_ENDPOINT, PAGE_VIEWS_ENDPOINT];

/**
 * Counts the page's requests under way, but for those to `except` (a call the test stalls on purpose): a
 * test moving the page's clock waits for them to end first. Otherwise a request our server answers in
 * 100 ms of real time would meet the page's 10-second attempt deadline after a few steps of the clock, and
 * a chunk the page fetches on its way to the outcome (the toaster's) would cost steps no visitor waits.
 * The fire-and-forget calls (client ids, pop-up events, vitals, page views) are left out too: the page never waits
 * for them, and Playwright is not told reliably when they end (their answer arrives, `requestfinished`
 * often never does).
 * Requests are held by identity, so one under way before the count began never makes it negative.
 */
export function requestsInFlight(page: Page, { except }: { except?: string } = {}): () => number {
  const ignored = (request: Request) => [...fireAndForget, except].some((part) => part && request.url().includes(part));
  const underWay = new Set<Request>();
  page.on('request', (request) => void (ignored(request) || underWay.add(request)));
  const done = (request: Request) => void underWay.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => underWay.size;
}

/**
 * Moves the page's installed clock on one second at a time, with the real network (our route handlers,
 * the server) answering in between, until `outcome` shows or `limitMs` of page time have passed. Returns
 * the page time from `sincePageTime` to the moment it showed. The forms' deadlines, pauses and budgets
 * all run on the page's timers, so a 30-second budget costs a few seconds of the run, and the figure is
 * the page's, not the loaded test machine's. With `inFlight`, each step waits until no request it counts
 * is under way.
 */
export async function advanceClockUntil(page: Page, outcome: Locator, sincePageTime: number, limitMs: number, inFlight?: () => number): Promise<number> {
  while ((await pageTime(page)) - sincePageTime < limitMs && !(await outcome.isVisible())) {
    if (inFlight) await expect.poll(inFlight, { message: 'the requests under way to end before the clock moves' }).toBe(0);
    await page.clock.runFor(1_000);
  }
  await expect(outcome).toBeVisible({ timeout: 1_000 });
  return (await pageTime(page)) - sincePageTime;
}
