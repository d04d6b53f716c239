import type { Page } from '@playwright/test';

/** Opens `path` on a page whose clock the test moves, and returns once the pop-up list has come and the page is idle. */
export async function openWithPopupClock(page: Page, path: string) {
  await page.clock.install();
  const popupsAnswer = page.waitForResponse((response) => response.url().endsWith('/api/popups'));
  await page.goto(path);
  await popupsAnswer;
  await page.waitForLoadState('networkidle');
}

/** Moves the page's clock on to `ms` of page time (performance.now() counts from the page's start). */
export async function advanceTo(page: Page, ms: number) {
  const now = await page.evaluate(() => performance.now());
  if (ms > now) await page.clock.fastForward(Math.ceil(ms - now));
}
