import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** The page's own `performance.now()` (the installed clock's, when a test installed one). */
export const pageTime = (page: Page) => page.evaluate(() => performance.now());

/**
 * Counts the page's requests to `urlPart` that are under way: a test moving the page's clock waits for
 * them to end first, or a request our server answers in 100 ms of real time would meet the page's
 * 10-second attempt deadline after a few steps of the clock.
 */
export function requestsInFlight(page: Page, urlPart: string): () => number {
  let inFlight = 0;
  page.on('request', (request) => void (request.url().includes(urlPart) && (inFlight += 1)));
  const done = (request: { url(): string }) => void (request.url().includes(urlPart) && (inFlight -= 1));
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => inFlight;
}

/**
 * Moves the page's installed clock on one second at a time, with the real network (our route handlers,
 * the server) answering in between, until `outcome` shows or `limitMs` of page time have passed. Returns
 * the page time from `sincePageTime` to the moment it showed. The forms' deadlines, pauses and budgets
 * all run on the page's timers, so a 30-second budget costs a few seconds of the run, and the figure is
 * the page's, not the loaded test machine's. With `inFlight`, each step waits until no request it counts
 * is under way (leave it out where the network is meant to stall).
 */
export async function advanceClockUntil(page: Page, outcome: Locator, sincePageTime: number, limitMs: number, inFlight?: () => number): Promise<number> {
  while ((await pageTime(page)) - sincePageTime < limitMs && !(await outcome.isVisible())) {
    if (inFlight) await expect.poll(inFlight, { message: 'the requests under way to end before the clock moves' }).toBe(0);
    await page.clock.runFor(1_000);
  }
  await expect(outcome).toBeVisible({ timeout: 1_000 });
  return (await pageTime(page)) - sincePageTime;
}
