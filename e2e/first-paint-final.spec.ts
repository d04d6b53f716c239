import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/**
 * The first paint is final (docs/speed.md): on a throttled phone the page's largest paint is made with its
 * first contentful paint and is never reported again later. A later `largest-contentful-paint` entry means
 * something larger painted after the first frame (a lazy picture on the first screen, a part of the first
 * screen the first frame did not have) or the same element was painted anew (restyled, replaced by a client
 * component, a font swapped in), and a visitor's LCP is then that later moment, not the first paint.
 * Judged after everything that could still paint on the first screen has come: the page is live, the
 * idle widgets have run (the vitals reporter measures), the pictures on the first screen have loaded.
 */

const phone = { width: 412, height: 915 };
/** DevTools' Slow 4G (as bench:real-phone): the pictures and chunks arrive well after the first paint, as on a phone. */
const slow4g = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

// Every page type: home, a course, the media list, an article, a static page, a campaign landing, an event.
const pageTypes = ['/', '/products/junior-js', '/media', '/media/debugging-on-your-own', '/about', '/products/junior-js/cvrna', '/events/new-year-2425'];

interface PaintRecord {
  fcp?: number;
  lcp: { time: number; size: number; element: string }[];
}

/** Records the paint and largest-paint entries as they come (a string: the test runner's helpers do not exist in the page). */
const recordPaints = `(() => {
  const record = { lcp: [] };
  window.__paints = record;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntriesByName('first-contentful-paint')) record.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const element = entry.element;
      const name = element ? element.nodeName.toLowerCase() + (element.id ? '#' + element.id : '') + ' «' + (element.textContent || element.getAttribute('alt') || '').trim().slice(0, 40) + '»' : '(removed)';
      record.lcp.push({ time: entry.startTime, size: entry.size, element: name });
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
})()`;

async function throttled(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', slow4g);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

for (const path of pageTypes) {
  test(`${path} on a throttled phone: the largest paint is the first paint, never reported again`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(phone);
    await throttled(page);
    await page.addInitScript({ content: recordPaints });
    await page.goto(path, { waitUntil: 'load', timeout: 60_000 });
    await expect(page.locator('html')).toHaveAttribute('data-live', '', { timeout: 60_000 });
    // The idle widgets have come and run: the vitals reporter (the last of them) measures.
    await expect(page.locator('html[data-vitals]')).toHaveCount(1, { timeout: 60_000 });
    // Every picture on the first screen has arrived (a lazy one there is fetched once it is laid out).
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            [...document.images].every((image) => {
              const box = image.getBoundingClientRect();
              const onFirstScreen = box.width > 0 && box.height > 0 && box.top < window.innerHeight && box.bottom > 0;
              return !onFirstScreen || image.complete;
            }),
          ),
        { timeout: 60_000 },
      )
      .toBe(true);
    // A key press ends the page's largest-paint candidates, as a visitor's first input does.
    await page.keyboard.press('Shift');
    const paints = await page.evaluate(() => (window as unknown as { __paints: PaintRecord }).__paints);
    expect(paints.fcp, 'the page reported its first contentful paint').toBeDefined();
    const later = paints.lcp.filter((entry) => entry.time > paints.fcp!);
    expect(later, `largest paints after the first paint at ${paints.fcp!.toFixed(0)} ms: ${JSON.stringify(paints.lcp)}`).toEqual([]);
  });
}
