/**
 * `npm run bench:real-phone`: page types as a mid-range phone gets them, in real Chromium (not
 * Lighthouse's simulation): DevTools CPU throttling 4× and a Slow 4G network profile (150 ms round trip,
 * 1.6 Mbit/s down, 750 kbit/s up), a 412 px phone screen, no cache. Three builds side by side in one
 * run, alternating page by page so a noisy minute touches each alike:
 * - `deployed`: the site as `npm run build` makes it (scripts/first-paint.ts rewrote its pages);
 * - `no rewrite`: the same `next build` output before the first-paint rewrite;
 * - `floor`: a bare Next.js page of the same version (bench/floor), the floor.
 * Prints per page type the medians of BENCH_RUNS runs (default 9) of FCP, LCP, when the page is live
 * (`<html data-live>`: React has hydrated it, so a button press works) and how long a press made 1 s after
 * navigation waits before it takes effect: a press before the page is live is held (the rewrite's press holder,
 * or React's event replay) and takes effect when it is live, so it waits max(0, live − 1 s). Then it judges
 * the two speed bars per page type (the first paint at most 1.3× the floor's, live no later than without the rewrite) by 90 % bootstrap intervals of the medians (statistics.ts).
 * Each build is served as the school's server serves the site: Debian's nginx with deploy/nginx-site.conf
 * (HTTP/2 over TLS, build files precompressed at build time, pages compressed by nginx) in front of its
 * `next start`. Served by `next start` alone, every chunk is gzipped on the fly by the same two cores
 * that lay out and paint the page: the course page painted 0.3–0.4 s later than with the chunks
 * precompressed (docs/benchmarks.md, bench:real-phone).
 * Needs Debian's nginx and its Brotli modules (the test command installs them). A benchmark, not a test
 * (the machines are noisy): about 7 minutes on 2 cores with the builds.
 *   BENCH_SKIP_BUILD=1   reuse the builds of the last run      BENCH_PAGES=/a,/b   other pages
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { chromiumPath } from '../playwright.config';
import { precompressFolder } from '../server/build/precompress';
import { nginxListening, siteHere, startNginx, throwAwayCertificate } from '../tests/support/nginx-site';
import { atMost, bootstrapInterval, median, type Interval } from './statistics';
import { build, ready, seconds, start, stopAll } from './support';

// Nine: the first paint of one load varies by ±0.1 s on a shared machine, more than the effects measured.
const runs = Number(process.env.BENCH_RUNS ?? 9);
const pages = (process.env.BENCH_PAGES ?? '/,/products/junior-js,/media').split(',');
const basePort = Number(process.env.BENCH_PORT ?? 3920);
const plainDist = '.next-bench-plain';
const deployedDist = '.next-bench-deployed';
const floorDist = 'bench/floor/.next';
const PRESS_AT_MS = 1000;

/** DevTools' Slow 4G, as Lighthouse's mobile profile states it (RTT 150 ms, 1.6 / 0.75 Mbit/s). */
const slow4g = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

interface Sample {
  fcp: number;
  lcp: number;
  live: number;
  pressWait: number;
}

/** One cold load on the throttled phone: paint timings and the moment the page is live, from the page itself. */
async function measure(browser: Browser, url: string): Promise<Sample> {
  // The certificate nginx serves is a throw-away one.
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true, locale: 'ru-RU', ignoreHTTPSErrors: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', slow4g);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      const bench: Record<string, number> = {};
      (window as unknown as { __bench: Record<string, number> }).__bench = bench;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') bench.fcp = entry.startTime;
      }).observe({ type: 'paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) bench.lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      // Inline callbacks only: tsx would wrap a named function in a helper the page does not have.
      new MutationObserver(() => {
        if (bench.live === undefined && document.documentElement.hasAttribute('data-live')) bench.live = performance.now();
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-live'] });
    });
    // The page records its own timings; nothing asks it anything until it has loaded, as a question
    // (a script evaluated in the page) would take the throttled main thread from the paint it measures.
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForFunction(() => (window as unknown as { __bench: Record<string, number> }).__bench.live !== undefined, null, { timeout: 60_000, polling: 50 }).catch(async (error: Error) => {
      const state = await page.evaluate(() => [JSON.stringify((window as unknown as { __bench: unknown }).__bench), document.documentElement.outerHTML.slice(0, 120)]).catch((e: Error) => e.message);
      throw new Error(`${url} never went live: ${JSON.stringify(state)}`, { cause: error });
    });
    // A key press ends LCP's candidates, as a visitor's first input would.
    await page.keyboard.press('Tab');
    const { fcp, lcp, live } = await page.evaluate(() => (window as unknown as { __bench: Record<string, number> }).__bench);
    return { fcp: fcp!, lcp: lcp ?? fcp!, live: live!, pressWait: Math.max(0, live! - PRESS_AT_MS) };
  } finally {
    await context.close();
  }
}

const cell = (ms: number) => seconds(ms).padStart(8);

async function main() {
  const started = Date.now();
  if (!process.env.BENCH_SKIP_BUILD) {
    build(['npx', 'next', 'build', 'bench/floor'], {});
    // One `next build`, kept as it is for `no rewrite` and rewritten as `npm run build` does for `deployed`.
    build(['npx', 'next', 'build'], { NEXT_DIST_DIR: plainDist });
    // Precompressed as `npm run build` does for a deploy, before the copy: only the rewrite differs.
    for (const dist of [plainDist, floorDist]) precompressFolder(path.join(dist, 'static'));
    fs.rmSync(deployedDist, { recursive: true, force: true });
    fs.cpSync(plainDist, deployedDist, { recursive: true });
    build(['npx', 'tsx', 'scripts/first-paint.ts'], { NEXT_DIST_DIR: deployedDist });
  }
  const nginxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-real-phone-'));
  const { cert, key } = throwAwayCertificate(nginxDir, 'example.ru');
  const site = { OUTBOX_WORKER: 'off', SQLITE_PATH: './data/bench-real-phone.db' };
  const builds = [
    { name: 'deployed', dist: deployedDist, args: [], env: { NEXT_DIST_DIR: deployedDist, ...site } },
    { name: 'no rewrite', dist: plainDist, args: [], env: { NEXT_DIST_DIR: plainDist, ...site } },
    { name: 'floor', dist: floorDist, args: ['bench/floor'], env: {} },
  ].map((b, index) => {
    const port = basePort + index;
    const https = basePort + 10 + 2 * index;
    const dir = path.join(nginxDir, String(index));
    fs.mkdirSync(dir);
    const config = siteHere(fs.readFileSync('deploy/nginx-site.conf', 'utf8'), { ports: [port, port], http: https + 1, https, cert, key, staticDir: path.resolve(b.dist, 'static'), logDir: dir });
    return { ...b, port, https, dir, server: start(b.args, port, b.env), nginx: startNginx(dir, config) };
  });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'] });
  try {
    await Promise.all(builds.map(async (b) => {
      await ready(`http://127.0.0.1:${b.port}/`);
      await nginxListening(b.nginx, b.dir);
    }));
    const samples = new Map<string, Sample[]>();
    for (let round = 0; round < runs; round++) {
      for (const page of pages) {
        for (const b of builds) {
          // The floor has one page: it stands beside every page type.
          const url = `https://127.0.0.1:${b.https}${b.name === 'floor' ? '/' : page}`;
          const key = `${page}\n${b.name}`;
          samples.set(key, [...(samples.get(key) ?? []), await measure(browser, url)]);
        }
      }
      console.error(`round ${round + 1} of ${runs} done`);
    }
    console.log(`\nReal Chromium, 4× CPU, Slow 4G, 412 px phone; medians of ${runs}`);
    console.log(`${'page'.padEnd(24)} ${'build'.padEnd(11)}      FCP      LCP     live  press@1s waits   FCP vs floor`);
    const of = (page: string, build: string, metric: keyof Sample) => samples.get(`${page}\n${build}`)!.map((s) => s[metric]);
    for (const page of pages) {
      const floorFcp = median(of(page, 'floor', 'fcp'));
      for (const b of builds) {
        const m = { fcp: median(of(page, b.name, 'fcp')), lcp: median(of(page, b.name, 'lcp')), live: median(of(page, b.name, 'live')), pressWait: median(of(page, b.name, 'pressWait')) };
        console.log(`${page.padEnd(24)} ${b.name.padEnd(11)} ${cell(m.fcp)} ${cell(m.lcp)} ${cell(m.live)} ${cell(m.pressWait)}       ${(m.fcp / floorFcp).toFixed(2)}×`);
      }
    }
    // The two speed bars, judged only where the 90 % interval lies wholly on one side.
    const range = (interval: Interval, format: (value: number) => string) => `${format(interval.low)} to ${format(interval.high)}`;
    const signed = (ms: number) => `${ms < 0 ? '−' : '+'}${seconds(Math.abs(ms))}`;
    console.log(`\nThe bars, with 90 % bootstrap intervals of the medians (a bar is judged only when its interval is wholly on one side):`);
    for (const page of pages) {
      const ratio = bootstrapInterval([of(page, 'deployed', 'fcp'), of(page, 'floor', 'fcp')], ([deployed, floor]) => median(deployed!) / median(floor!));
      const later = bootstrapInterval([of(page, 'deployed', 'live'), of(page, 'no rewrite', 'live')], ([deployed, plain]) => median(deployed!) - median(plain!));
      console.log(`${page.padEnd(24)} FCP at most 1.3× the floor's: ${atMost(ratio, 1.3).padEnd(9)} (${range(ratio, (r) => `${r.toFixed(2)}×`)})`);
      console.log(`${''.padEnd(24)} live no later than without the rewrite: ${atMost(later, 0).padEnd(9)} (${range(later, signed)})`);
    }
    console.log(`\n${((Date.now() - started) / 60_000).toFixed(1)} minutes`);
  } finally {
    await browser.close();
    stopAll(builds.map((b) => b.server));
    for (const b of builds) b.nginx.kill('SIGQUIT');
    fs.rmSync(nginxDir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
