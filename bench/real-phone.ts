/**
 * `npm run bench:real-phone`: first paint and the moment a page answers presses, in real Chromium on an
 * emulated phone, not Lighthouse's simulation. DevTools throttling: the CPU 4× slower, and the network of
 * Lighthouse's "Slow 4G" (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up), a cold cache each run.
 * Three builds side by side, alternating page by page so a noisy minute touches them alike:
 *   - the site as deployed (`npm run build`: `next build`, then the paint-first rewrite),
 *   - the same build without the paint-first rewrite,
 *   - the floor: a bare page of the project's Next.js (bench/floor).
 * For each page type, the medians of BENCH_RUNS runs (default 5) of FCP, LCP, "live" (the consultation
 * button is drawn: React has hydrated and the idle widgets are up, so a press is handled from then on) and
 * "press at 1 s" (a visitor presses the button at 1 s, or as soon as it is there: how long after 1 s the
 * popover is open). A benchmark, not a test: the machines are noisy.
 *   BENCH_SKIP_BUILD=1   reuse the builds of the last run      BENCH_PAGES=/a,/b   other pages
 */
import fs from 'node:fs';
import { chromium, type Browser } from '@playwright/test';
import { chromiumPath } from '../playwright.config';
import { build, median, ready, seconds, start, stopAll } from './support';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const pages = (process.env.BENCH_PAGES ?? '/,/products/junior-js,/media').split(',');
const basePort = Number(process.env.BENCH_PORT ?? 3920);
const deployed = '.next-phone';
const unrewritten = '.next-phone-raw';

/** Lighthouse's Slow 4G, as DevTools applies it (bytes per second). */
const slow4g = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

interface Sample {
  fcp: number;
  lcp: number;
  /** Null on the floor, which has no button. */
  live: number | null;
  pressAtOneSecond: number | null;
}

/** Collected in the page from its start: paint and LCP entries. */
const observeScript = `
  window.__bench = { fcp: NaN, lcp: NaN };
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') window.__bench.fcp = e.startTime; })
    .observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => { const all = list.getEntries(); window.__bench.lcp = all[all.length - 1].startTime; })
    .observe({ type: 'largest-contentful-paint', buffered: true });
`;

async function measure(browser: Browser, url: string, withButton: boolean): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true, locale: 'ru-RU' });
  try {
    const page = await context.newPage();
    await page.addInitScript(observeScript);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', slow4g);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(url, { waitUntil: 'commit' });
    let live: number | null = null;
    let pressAtOneSecond: number | null = null;
    if (withButton) {
      const button = page.getByRole('button', { name: 'Получить консультацию' });
      await button.waitFor({ state: 'visible', timeout: 60_000 });
      live = await page.evaluate(() => performance.now());
      // The press "at 1 s": now, or at 1 s when the button was there earlier.
      await page.waitForFunction(() => performance.now() >= 1000);
      await button.click();
      await page.getByRole('dialog').waitFor({ state: 'visible', timeout: 60_000 });
      pressAtOneSecond = (await page.evaluate(() => performance.now())) - 1000;
    } else {
      await page.waitForLoadState('load');
    }
    // LCP is final at the first input; the floor gets a moment for its paint entries instead.
    await page.waitForFunction(() => !Number.isNaN((window as unknown as { __bench: { lcp: number } }).__bench.lcp), undefined, { timeout: 30_000 });
    const { fcp, lcp } = await page.evaluate(() => (window as unknown as { __bench: { fcp: number; lcp: number } }).__bench);
    return { fcp, lcp, live, pressAtOneSecond };
  } finally {
    await context.close();
  }
}

function summary(samples: Sample[]) {
  const of = (pick: (sample: Sample) => number | null) => {
    const values = samples.map(pick).filter((value): value is number => value !== null);
    return values.length ? median(values) : null;
  };
  return { fcp: of((s) => s.fcp)!, lcp: of((s) => s.lcp)!, live: of((s) => s.live), press: of((s) => s.pressAtOneSecond) };
}

async function main() {
  if (!process.env.BENCH_SKIP_BUILD) {
    build(['npx', 'next', 'build', 'bench/floor'], {});
    build(['npx', 'next', 'build'], { NEXT_DIST_DIR: unrewritten });
    fs.rmSync(deployed, { recursive: true, force: true });
    fs.cpSync(unrewritten, deployed, { recursive: true });
    build(['npx', 'tsx', 'scripts/paint-first.ts'], { NEXT_DIST_DIR: deployed });
  }
  const siteEnv = { OUTBOX_WORKER: 'off', SQLITE_PATH: './data/bench-real-phone.db' };
  const servers = {
    deployed: { port: basePort, child: start([], basePort, { ...siteEnv, NEXT_DIST_DIR: deployed }) },
    'without paint-first': { port: basePort + 1, child: start([], basePort + 1, { ...siteEnv, NEXT_DIST_DIR: unrewritten }) },
    floor: { port: basePort + 2, child: start(['bench/floor'], basePort + 2, {}) },
  };
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    await Promise.all(Object.values(servers).map(({ port }) => ready(`http://127.0.0.1:${port}/`)));
    const samples = new Map<string, Sample[]>();
    for (let round = 0; round < runs; round++) {
      for (const path of pages) {
        for (const [name, { port }] of Object.entries(servers)) {
          const key = `${path}|${name}`;
          const floor = name === 'floor';
          // The floor has one page: it stands beside every page type.
          const sample = await measure(browser, `http://127.0.0.1:${port}${floor ? '/' : path}`, !floor);
          samples.set(key, [...(samples.get(key) ?? []), sample]);
        }
      }
      console.error(`round ${round + 1} of ${runs} done`);
    }
    console.log(`\nReal Chromium, 4× CPU, Slow 4G, 412 px phone, medians of ${runs}      FCP      LCP     live   press at 1 s   FCP vs the floor`);
    for (const path of pages) {
      const floor = summary(samples.get(`${path}|floor`)!);
      for (const name of Object.keys(servers)) {
        const m = summary(samples.get(`${path}|${name}`)!);
        const cells = [seconds(m.fcp), seconds(m.lcp), m.live === null ? '—' : seconds(m.live), m.press === null ? '—' : seconds(m.press)];
        console.log(`${`${path} ${name}`.padEnd(56)} ${cells.map((cell) => cell.padStart(8)).join(' ')}   ${(m.fcp / floor.fcp).toFixed(2)}×`);
      }
    }
  } finally {
    await browser.close();
    stopAll(Object.values(servers).map(({ child }) => child));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
