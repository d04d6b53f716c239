import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** The page's own `performance.now()` (the installed clock's, when a test installed one). */
export const pageTime = (page: Page) => page.evaluate(() => performance.now());

/**
 * Moves the page's installed clock on one second at a time, with the real network (our route handlers,
 * the server) answering in between, until `outcome` shows or `limitMs` of page time have passed. Returns
 * the page time from `sincePageTime` to the moment it showed. The forms' deadlines, pauses and budgets
 * all run on the page's timers, so a 30-second budget costs a few seconds of the run, and the figure is
 * the page's, not the loaded test machine's.
 */
export async function advanceClockUntil(page: Page, outcome: Locator, sincePageTime: number, limitMs: number): Promise<number> {
  while ((await pageTime(page)) - sincePageTime < limitMs && !(await outcome.isVisible())) {
    await page.clock.runFor(1_000);
  }
  await expect(outcome).toBeVisible({ timeout: 1_000 });
  return (await pageTime(page)) - sincePageTime;
}
