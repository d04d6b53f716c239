/**
 * `npm run bench:real-phone`: page types as a mid-range phone gets them, in real Chromium (not
 * Lighthouse's simulation): DevTools CPU throttling 4× and a Slow 4G network profile (150 ms round trip,
 * 1.6 Mbit/s down, 750 kbit/s up), a 412 px phone screen, no cache. Three builds side by side in one
 * run, alternating page by page so a noisy minute touches each alike:
 * - `deployed`: the site as `npm run build` makes it (scripts/first-paint.ts rewrote its pages);
 * - `no rewrite`: the same `next build` output before the first-paint rewrite;
 * - `floor`: a bare Next.js page of the same version (bench/floor), the floor.
 * - `script-free`: each page type's own copy without scripts: the deployed page's HTML with every `<script>`
 *   (and every script preload) removed, served the same way (a small server in this process answers the
 *   saved page with the deployed page's headers and hands every other request to the deployed build,
 *   behind its own nginx like the others): what the page costs without any JavaScript, its own floor.
 * - `console`: the deployed build again, with a database where «Цены» has a price in effect: every page is
 *   then the instance's own render with the console's content (server/live-content/), kept in memory, given the
 *   build's first-paint rules. The bar: its FCP and LCP medians and the deployed page's each within the
 *   other's interval (a console change paints as fast as the build's page).
 * BENCH_BUILDS=deployed,script-free measures only those.
 * Prints per page type the medians of BENCH_RUNS runs (default 9) of FCP, LCP, when the page is live
 * (`<html data-live>`: React has hydrated it, so a button press works) and how long a press made 1 s after
 * navigation waits before it takes effect: a press before the page is live is held (the rewrite's press holder,
 * or React's event replay) and takes effect when it is live, so it waits max(0, live − 1 s); for the deployed
 * build also the longest task after the first paint while hydrating (the framework's) and once live (ours: the
 * idle widgets, pop-ups, gift schedule, split tests, vitals; the page is kept until the vitals reporter runs).
 * Then it judges the bars per page type by 90 % bootstrap intervals of the medians (statistics.ts): FCP at most
 * 1.15× and LCP at most 1.2× the script-free copy's, and live no later than without the rewrite. Writes what it
 * printed to bench/results/real-phone.md (recordResults).
 * A page test's variant beside its original: when the pages hold `/products/junior-js`, a running test of it
 * is seeded in the deployed build's database (by the repository, as the console does) whose variant B changes
 * the headline and the button, and the page is measured once more as a visitor the server assigns B (deployed
 * and its own script-free copy): a signed visitor id issued and assigned by the server's own code with the key
 * its server loads, in a cookie, and the browser's own User-Agent without "Headless" (the original rows keep it,
 * so they are robots to the test and get the pre-rendered original, as a visitor of an untested page does). Each
 * load checks the headline it shows. The bar: the variant's FCP and LCP medians and the original's each within
 * the other's interval. BENCH_VARIANT=0 leaves it out.
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
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { coursePageAt, courseEntries } from '../content/courses';
import { VISITOR_COOKIE, visitorIdOf } from '../lib/experiments/variants';
import { noChanges, type PageVariantChanges } from '../lib/page-tests/variants';
import { chromiumPath } from '../playwright.config';
import { precompressFolder } from '../server/build/precompress';
import { readDatabaseConfig, readServerConfig } from '../server/config';
import { openDatabase } from '../server/db/connection';
import { migrateToLatest } from '../server/db/migrate';
import { loadHashKey } from '../server/leads/hash-key';
import { plannedVisitors } from '../server/experiments/report';
import { livePageHeaders } from '../server/live-content/serving';
import { visitOf } from '../server/page-tests/serving';
import { createRepositories, type Repositories } from '../server/repositories';
import type { PageTest } from '../server/experiments/subjects/page';
import { nginxListening, siteHere, startNginx, throwAwayCertificate } from '../tests/support/nginx-site';
import { waitFor } from '../tests/support/next-server';
import { atMost, bootstrapInterval, median, medianEstimate, withinEachOther, type Interval } from './statistics';
import { benchReport, build, seconds, startBuild, stopAll } from './support';
import { pageTests } from '../server/experiments/subjects/page';

// Nine: the first paint of one load varies by ±0.1 s on a shared machine, more than the effects measured.
const runs = Number(process.env.BENCH_RUNS ?? 9);
const pages = (process.env.BENCH_PAGES ?? '/,/products/junior-js,/media').split(',');
const basePort = Number(process.env.BENCH_PORT ?? 3920);
const plainDist = '.next-bench-plain';
const deployedDist = '.next-bench-deployed';
const floorDist = 'bench/floor/.next';
const PRESS_AT_MS = 1000;
/** The page whose test variant stands beside it, and what its variant B changes (about as long as the original's texts). */
const VARIANT_PAGE = '/products/junior-js';
const variantB: PageVariantChanges = { ...noChanges, headline: 'Фронтенд-разработчик с нуля', buttonLabel: 'Записаться на поток' };
const BENCH_ACTOR = 'npm run bench:real-phone';

/**
 * A row of the report: a page as a visitor gets it; `visitor` (a signed id the server assigns a variant) for
 * a page test's variant; `headline` what its `<h1>` must read.
 */
interface Target {
  label: string;
  path: string;
  visitor?: { id: string; agent: string };
  headline?: string;
}

/** DevTools' Slow 4G, as Lighthouse's mobile profile states it (RTT 150 ms, 1.6 / 0.75 Mbit/s). */
const slow4g = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

interface Sample {
  fcp: number;
  lcp: number;
  live: number;
  pressWait: number;
  /** The longest task after the first paint until live (hydration), and after live (ours); deployed build only. */
  hydrationTask: number;
  ourTask: number;
  /**
   * Once live, from the long animation frames: the longest run of one script (a task's or callback's script:
   * our widgets, or React rendering them) without the style and layout it forced, the longest such forced
   * style and layout, and the longest style, layout and paint of a frame that no script asked for. The last
   * two are the browser's restyle, chiefly of the whole page once the whole stylesheet is turned to the
   * screen as the page goes live: the first script that reads a size after that pays for it.
   */
  ourScript: number;
  forcedRestyle: number;
  restyle: number;
}

/** What `long-animation-frame` entries hold, reduced to what the benchmark reads: [start, end, style and layout start]. */
type Frame = { start: number; end: number; styleAndLayoutStart: number; scripts: { start: number; duration: number; forced: number; source: string }[] };

/** The page without any script: every script element and every script preload gone. */
export function withoutScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '').replace(/<link rel="(?:preload|modulepreload)" as="script"[^>]*>/g, '');
}

/** Response headers a copy repeats from the deployed page (not those of the transfer). */
const TRANSFER_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'date', 'keep-alive']);

/** The key of a saved copy: the page and the visitor id a variant's copy is for (none for the original). */
const copyKey = (pagePath: string, visitor: string | null | undefined) => `${pagePath}\n${visitor ?? ''}`;

/**
 * The script-free copies: the saved pages (a variant's as its visitor got it, answered to a request with that
 * visitor's cookie), each with the headers its deployed page was answered with; every other request (the
 * stylesheet, pictures) goes to the deployed build as it came.
 */
async function scriptFreeServer(deployed: string, targets: Target[], port: number): Promise<http.Server> {
  const saved = new Map<string, { headers: [string, string][]; body: string }>();
  for (const { path: pagePath, visitor } of targets) {
    const response = await fetch(`${deployed}${pagePath}`, {
      headers: { 'accept-encoding': 'identity', ...(visitor ? { 'user-agent': visitor.agent, cookie: `${VISITOR_COOKIE}=${visitor.id}` } : {}) },
    });
    const headers = [...response.headers].filter(([name]) => !TRANSFER_HEADERS.has(name));
    saved.set(copyKey(pagePath, visitor?.id), { headers, body: withoutScripts(await response.text()) });
  }
  const server = http.createServer((request, response) => {
    const page = saved.get(copyKey(new URL(request.url ?? '/', 'http://x').pathname, visitorIdOf(request.headers.cookie ?? '')));
    if (page && request.method === 'GET') {
      response.writeHead(200, [...page.headers.flat(), 'content-length', String(Buffer.byteLength(page.body))]);
      response.end(page.body);
      return;
    }
    const upstream = http.request(`${deployed}${request.url}`, { method: request.method, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

/** The text of an `<h1>` as a reader sees it: typography's non-breaking spaces read as spaces. */
const plainText = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * One cold load on the throttled phone: paint timings and the moment the page is live, from the page itself;
 * as `target.visitor` when given. Throws when the page's `<h1>` is not `target.headline`.
 */
async function measure(browser: Browser, url: string, target: Target, { scripts, tasks }: { scripts: boolean; tasks: boolean }): Promise<Sample> {
  // The certificate nginx serves is a throw-away one.
  const context = await browser.newContext({
    viewport: { width: 412, height: 915 },
    deviceScaleFactor: 2.625,
    isMobile: true,
    hasTouch: true,
    locale: 'ru-RU',
    ignoreHTTPSErrors: true,
    ...(target.visitor ? { userAgent: target.visitor.agent } : {}),
  });
  try {
    if (target.visitor)
      await context.addCookies([{ name: VISITOR_COOKIE, value: target.visitor.id, domain: '127.0.0.1', path: '/', secure: true, sameSite: 'Lax' }]);
    const page = await context.newPage();
    // Read once the timings are in: a question asked earlier would take the throttled main thread from the paint.
    const checked = async (sample: Sample): Promise<Sample> => {
      if (target.headline === undefined) return sample;
      const shown = plainText((await page.locator('h1').first().textContent()) ?? '');
      if (shown !== plainText(target.headline)) throw new Error(`${target.label} at ${url} shows the headline «${shown}», not «${target.headline}»`);
      return sample;
    };
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
      const longTasks: number[][] = [];
      (window as unknown as { __longTasks: number[][] }).__longTasks = longTasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) longTasks.push([entry.startTime, entry.duration]);
      }).observe({ type: 'longtask', buffered: true });
      const frames: Frame[] = [];
      (window as unknown as { __frames: Frame[] }).__frames = frames;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as {
          startTime: number;
          duration: number;
          styleAndLayoutStart: number;
          scripts: { startTime: number; duration: number; forcedStyleAndLayoutDuration: number; invoker: string; sourceURL: string }[];
        }[]) {
          frames.push({
            start: entry.startTime,
            end: entry.startTime + entry.duration,
            styleAndLayoutStart: entry.styleAndLayoutStart,
            scripts: entry.scripts.map((script) => ({
              start: script.startTime,
              duration: script.duration,
              forced: script.forcedStyleAndLayoutDuration,
              source: `${script.invoker} ${script.sourceURL.replace(/^.*\//, '')}`,
            })),
          });
        }
      }).observe({ type: 'long-animation-frame', buffered: true });
      new MutationObserver(() => {
        if (bench.live === undefined && document.documentElement.hasAttribute('data-live')) bench.live = performance.now();
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-live'] });
    });
    // The page records its own timings; nothing asks it anything until it has loaded, as a question
    // (a script evaluated in the page) would take the throttled main thread from the paint it measures.
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    if (!scripts) {
      // Nothing will make it live: its paints are all there once it has loaded and a frame has passed.
      await page.waitForFunction(() => (window as unknown as { __bench: Record<string, number> }).__bench.fcp !== undefined, null, {
        timeout: 60_000,
        polling: 50,
      });
      await page.keyboard.press('Tab');
      const { fcp, lcp } = await page.evaluate(() => (window as unknown as { __bench: Record<string, number> }).__bench);
      return await checked({
        fcp: fcp!,
        lcp: lcp ?? fcp!,
        live: Number.NaN,
        pressWait: Number.NaN,
        hydrationTask: Number.NaN,
        ourTask: Number.NaN,
        ourScript: Number.NaN,
        forcedRestyle: Number.NaN,
        restyle: Number.NaN,
      });
    }
    await page
      .waitForFunction(() => (window as unknown as { __bench: Record<string, number> }).__bench.live !== undefined, null, { timeout: 60_000, polling: 50 })
      .catch(async (error: Error) => {
        const state = await page
          .evaluate(() => [JSON.stringify((window as unknown as { __bench: unknown }).__bench), document.documentElement.outerHTML.slice(0, 120)])
          .catch((e: Error) => e.message);
        throw new Error(`${url} never went live: ${JSON.stringify(state)}`, { cause: error });
      });
    // A key press ends LCP's candidates, as a visitor's first input would.
    await page.keyboard.press('Tab');
    const { fcp, lcp, live } = await page.evaluate(() => (window as unknown as { __bench: Record<string, number> }).__bench);
    let hydrationTask = Number.NaN;
    let ourTask = Number.NaN;
    let ourScript = Number.NaN;
    let forcedRestyle = Number.NaN;
    let restyle = Number.NaN;
    if (tasks) {
      // The idle work has run once the vitals reporter measures (it comes last); then a moment for the pop-ups' answer.
      await page.waitForSelector('html[data-vitals]', { state: 'attached', timeout: 30_000 }).catch(() => undefined);
      await page.waitForTimeout(1500);
      const longTasks = await page.evaluate(() => (window as unknown as { __longTasks: number[][] }).__longTasks);
      const longest = (from: number, to: number) =>
        Math.max(0, ...longTasks.filter(([start]) => start! >= from && start! < to).map(([, duration]) => duration!));
      hydrationTask = longest(fcp!, live!);
      ourTask = longest(live!, Number.POSITIVE_INFINITY);
      const frames = (await page.evaluate(() => (window as unknown as { __frames: Frame[] }).__frames)).filter((frame) => frame.end > live!);
      const scripts = frames.flatMap((frame) => frame.scripts).filter((script) => script.start >= live!);
      ourScript = Math.max(0, ...scripts.map((script) => script.duration - script.forced));
      forcedRestyle = Math.max(0, ...scripts.map((script) => script.forced));
      restyle = Math.max(0, ...frames.filter((frame) => frame.styleAndLayoutStart > 0).map((frame) => frame.end - Math.max(frame.styleAndLayoutStart, live!)));
      if (process.env.BENCH_VERBOSE) {
        const worst = scripts.sort((a, b) => b.duration - b.forced - (a.duration - a.forced))[0];
        console.error(
          `${url}: longest task once live ${Math.round(ourTask)} ms; longest script ${Math.round(ourScript)} ms (${worst?.source ?? 'none'} at ${Math.round((worst?.start ?? live!) - live!)} ms after live); forced restyle ${Math.round(forcedRestyle)} ms, frame restyle ${Math.round(restyle)} ms`,
        );
      }
    }
    return await checked({
      fcp: fcp!,
      lcp: lcp ?? fcp!,
      live: live!,
      pressWait: Math.max(0, live! - PRESS_AT_MS),
      hydrationTask,
      ourTask,
      ourScript,
      forcedRestyle,
      restyle,
    });
  } finally {
    await context.close();
  }
}

const cell = (ms: number) => seconds(ms).padStart(8);

/** The deployed build's database, as its server opens it (server/config.ts; migrated, as the server does at start). */
async function withRepositories<T>(env: Record<string, string>, work: (repos: Repositories) => Promise<T>): Promise<T> {
  const handle = await openDatabase(readDatabaseConfig({ ...process.env, ...env }));
  try {
    await migrateToLatest(handle);
    return await work(createRepositories(handle));
  } finally {
    await handle.close();
  }
}

/**
 * A running test of VARIANT_PAGE with variant B, seeded by the repository as the console does, before the
 * servers start (so their first look at the running tests finds it); a test of the page that a stopped run
 * left running is stopped first.
 */
/** The course whose price the console build changes: no gift, pop-up or other course's text refers to its tariffs. */
const CONSOLE_PRICE = courseEntries.find((entry) => entry.slug === 'junior')!;

/** A price of CONSOLE_PRICE saved in «Цены» of the console build's database (by the repository, as the console does), in effect now. */
function putConsolePriceInEffect(env: Record<string, string>): Promise<void> {
  return withRepositories(env, async (repos) => {
    const tariffs = CONSOLE_PRICE.tariffs.map(({ price, oldPrice, months }, index) => ({ price: index === 0 ? price - 100 : price, oldPrice, months }));
    await repos.priceVersions.add({ courseSlug: CONSOLE_PRICE.slug, tariffs, effectiveFrom: Date.now(), operator: BENCH_ACTOR }, Date.now());
  });
}

function startVariantTest(env: Record<string, string>): Promise<PageTest> {
  return withRepositories(env, async (repos) => {
    const now = Date.now();
    for (const left of await pageTests(repos).running()) {
      if (left.pagePath === VARIANT_PAGE) await pageTests(repos).stop(left.id, { actor: BENCH_ACTOR, now });
    }
    const draft = await pageTests(repos).create({ pagePath: VARIANT_PAGE, variants: [variantB], plannedVisitors: plannedVisitors(2), actor: BENCH_ACTOR, now });
    const started = await pageTests(repos).start(draft.id, { actor: BENCH_ACTOR, now });
    if (!started.started) throw new Error(`the page test of ${VARIANT_PAGE} did not start: ${started.reason}`);
    return started.test;
  });
}

/**
 * A visitor the deployed server assigns variant B: new signed ids issued and assigned by the server's own
 * code (`visitOf`, with the key its server loads) until one lands in B, as a new visitor's first request would.
 */
function visitorOfB(test: PageTest, env: Record<string, string>, agent: string): { id: string; agent: string } {
  const hashKey = loadHashKey(readServerConfig({ ...process.env, ...env }).hashKey);
  for (;;) {
    const visit = visitOf(new Headers({ 'user-agent': agent }), test, hashKey);
    if (!visit.takesPart) throw new Error(`a browser saying «${agent}» takes no part in page tests`);
    if (visit.variant === 1) return { id: visit.visitor, agent };
  }
}

/** The `<h1>` of a page's HTML as a reader sees it. */
const headlineOf = (html: string) => plainText(/<h1\b[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] ?? '');

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
  const chosen = (process.env.BENCH_BUILDS ?? 'deployed,script-free,no rewrite,floor,console').split(',');
  const consoleSite = { OUTBOX_WORKER: 'off', SQLITE_PATH: './data/bench-real-phone-console.db' };
  const deployedPort = basePort;
  const scriptFreePort = basePort + 3;
  const builds = [
    { name: 'deployed', dist: deployedDist, args: [] as string[], env: { NEXT_DIST_DIR: deployedDist, ...site } as Record<string, string>, port: deployedPort },
    { name: 'script-free', dist: deployedDist, args: [], env: {}, port: scriptFreePort },
    { name: 'no rewrite', dist: plainDist, args: [], env: { NEXT_DIST_DIR: plainDist, ...site }, port: basePort + 1 },
    { name: 'floor', dist: floorDist, args: ['bench/floor'], env: {}, port: basePort + 2 },
    { name: 'console', dist: deployedDist, args: [], env: { NEXT_DIST_DIR: deployedDist, ...consoleSite }, port: basePort + 4 },
  ]
    .filter((b) => b.name === 'deployed' || chosen.includes(b.name))
    .map((b, index) => {
      const https = basePort + 10 + 2 * index;
      const dir = path.join(nginxDir, String(index));
      fs.mkdirSync(dir);
      const config = siteHere(fs.readFileSync('deploy/nginx-site.conf', 'utf8'), {
        ports: [b.port, b.port],
        http: https + 1,
        https,
        cert,
        key,
        staticDir: path.resolve(b.dist, 'static'),
        logDir: dir,
      });
      // The script-free copies are served by this process (started below, once the deployed build answers).
      return { ...b, https, dir, nginx: startNginx(dir, config) };
    });
  const deployedEnv = builds[0]!.env;
  const originalHeadline = coursePageAt(VARIANT_PAGE)?.course.title;
  if (!originalHeadline) throw new Error(`${VARIANT_PAGE} is no course page`);
  const variantTest = process.env.BENCH_VARIANT !== '0' && pages.includes(VARIANT_PAGE) ? await startVariantTest(deployedEnv) : null;
  const consoleBuild = builds.find((b) => b.name === 'console');
  if (consoleBuild) await putConsolePriceInEffect(consoleBuild.env);
  // The script-free copies are served by this process, started below once the deployed build answers.
  const servers = await Promise.all(builds.filter((b) => b.name !== 'script-free').map((b) => startBuild(b.port, b.env, b.args[0] ? { dir: b.args[0] } : {})));
  let copies: http.Server | undefined;
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const report = benchReport('real-phone');
  const say = report.print;
  try {
    const deployed = `http://127.0.0.1:${deployedPort}`;
    const targets: Target[] = pages.map((page) => ({ label: page, path: page, headline: page === VARIANT_PAGE ? originalHeadline : undefined }));
    if (variantTest) {
      // Chromium's own User-Agent says "HeadlessChrome", a robot to the test: the variant's visitor says "Chrome".
      const probe = await browser.newPage();
      const agent = (await probe.evaluate(() => navigator.userAgent)).replace('HeadlessChrome', 'Chrome');
      await probe.close();
      const visitor = visitorOfB(variantTest, deployedEnv, agent);
      const variant = { label: `${VARIANT_PAGE} (variant B)`, path: VARIANT_PAGE, visitor, headline: variantB.headline! };
      // The server reads the running tests once its database is open: B served means it has (and its render is kept).
      await waitFor(
        `the deployed build to serve variant B of ${VARIANT_PAGE}`,
        async () =>
          headlineOf(
            await (await fetch(`${deployed}${VARIANT_PAGE}`, { headers: { 'user-agent': agent, cookie: `${VISITOR_COOKIE}=${visitor.id}` } })).text(),
          ) === variant.headline,
        60_000,
      );
      targets.splice(pages.indexOf(VARIANT_PAGE) + 1, 0, variant);
    }
    // A variant is measured on the deployed build and its own script-free copy: any other build serves it the same way.
    const buildsOf = (target: Target) => (target.visitor ? builds.filter((b) => b.name === 'deployed' || b.name === 'script-free') : builds);
    // The console's instance serves its pages from its render once it has read the price: wait for it.
    if (consoleBuild) {
      await waitFor(
        'the console instance to serve the console price',
        async () =>
          (await fetch(`http://127.0.0.1:${consoleBuild.port}${CONSOLE_PRICE.path}`)).headers.get('cache-control') === livePageHeaders['cache-control'],
        60_000,
      );
    }
    if (builds.some((b) => b.name === 'script-free')) copies = await scriptFreeServer(deployed, targets, scriptFreePort);
    await Promise.all(
      builds.map(async (b) => {
        await nginxListening(b.nginx, b.dir);
      }),
    );
    const samples = new Map<string, Sample[]>();
    for (let round = 0; round < runs; round++) {
      for (const target of targets) {
        // Alternating the order each round: no build always comes first after a noisy moment.
        for (const b of round % 2 ? [...buildsOf(target)].reverse() : buildsOf(target)) {
          // The floor has one page: it stands beside every page type.
          const url = `https://127.0.0.1:${b.https}${b.name === 'floor' ? '/' : target.path}`;
          const key = `${target.label}\n${b.name}`;
          const sample = await measure(browser, url, b.name === 'floor' ? { label: 'floor', path: '/' } : target, {
            scripts: b.name !== 'script-free',
            tasks: b.name === 'deployed',
          });
          samples.set(key, [...(samples.get(key) ?? []), sample]);
        }
      }
      console.error(`round ${round + 1} of ${runs} done`);
    }
    const ms = (value: number) => (Number.isNaN(value) ? '       –' : `${Math.round(value)} ms`.padStart(8));
    const maybe = (value: number) => (Number.isNaN(value) ? '       –' : cell(value));
    say(`Real Chromium, 4× CPU, Slow 4G, 412 px phone, behind nginx; medians of ${runs} rounds, builds alternating`);
    say(
      `${'page'.padEnd(24)} ${'build'.padEnd(11)}      FCP      LCP     live  press@1s  longest task after FCP: hydrating / once live: task, script, forced restyle, frame restyle`,
    );
    const of = (page: string, build: string, metric: keyof Sample) => samples.get(`${page}\n${build}`)!.map((s) => s[metric]);
    for (const target of targets) {
      const page = target.label;
      for (const b of buildsOf(target)) {
        const m = (metric: keyof Sample) => median(of(page, b.name, metric));
        say(
          `${page.padEnd(24)} ${b.name.padEnd(11)} ${cell(m('fcp'))} ${cell(m('lcp'))} ${maybe(m('live'))} ${maybe(m('pressWait'))}  ${ms(m('hydrationTask'))} / ${ms(m('ourTask'))} ${ms(m('ourScript'))} ${ms(m('forcedRestyle'))} ${ms(m('restyle'))}`,
        );
      }
      const worst = (metric: keyof Sample) => Math.round(Math.max(...of(page, 'deployed', metric)));
      say(
        `${''.padEnd(24)} once live, worst of ${runs}: longest task ${worst('ourTask')} ms; of it, our longest script ${worst('ourScript')} ms (at most 50 ms: ${worst('ourScript') <= 50 ? 'holds' : 'fails'}), the browser's longest restyle ${Math.max(worst('forcedRestyle'), worst('restyle'))} ms (forced by a script or in a frame)`,
      );
    }
    const range = (interval: Interval, format: (value: number) => string) => `${format(interval.low)} to ${format(interval.high)}`;
    const signed = (value: number) => `${value < 0 ? '−' : '+'}${seconds(Math.abs(value))}`;
    const ratioOf = (page: string, metric: keyof Sample, base: string) =>
      bootstrapInterval([of(page, 'deployed', metric), of(page, base, metric)], ([deployed, other]) => median(deployed!) / median(other!));
    say('');
    say('The bars, with 90 % bootstrap intervals of the medians (a bar is judged only when its interval is wholly on one side):');
    for (const target of targets) {
      const page = target.label;
      const measured = (name: string) => buildsOf(target).some((b) => b.name === name);
      if (measured('script-free')) {
        const fcp = ratioOf(page, 'fcp', 'script-free');
        const lcp = ratioOf(page, 'lcp', 'script-free');
        const point = (metric: keyof Sample) => (median(of(page, 'deployed', metric)) / median(of(page, 'script-free', metric))).toFixed(2);
        say(
          `${page.padEnd(24)} FCP at most 1.15× the script-free copy's: ${point('fcp')}×, ${atMost(fcp, 1.15).padEnd(9)} (${range(fcp, (r) => `${r.toFixed(2)}×`)})`,
        );
        say(
          `${''.padEnd(24)} LCP at most 1.2× the script-free copy's:  ${point('lcp')}×, ${atMost(lcp, 1.2).padEnd(9)} (${range(lcp, (r) => `${r.toFixed(2)}×`)})`,
        );
      }
      if (measured('no rewrite')) {
        const later = bootstrapInterval(
          [of(page, 'deployed', 'live'), of(page, 'no rewrite', 'live')],
          ([deployed, plain]) => median(deployed!) - median(plain!),
        );
        say(`${''.padEnd(24)} live no later than without the rewrite: ${atMost(later, 0).padEnd(9)} (${range(later, signed)})`);
      }
      if (measured('floor')) {
        const floor = ratioOf(page, 'fcp', 'floor');
        say(`${''.padEnd(24)} FCP against the bare floor page (for reference): ${range(floor, (r) => `${r.toFixed(2)}×`)}`);
      }
    }
    if (consoleBuild) {
      say('');
      say(
        "Pages with the console's content (a «Цены» price in effect) beside the deployed build's, medians with 90 % bootstrap intervals (the bar: each within the other's interval):",
      );
      for (const target of targets.filter((candidate) => !candidate.visitor)) {
        const verdicts = (['fcp', 'lcp'] as const).map((metric) => {
          const fromConsole = medianEstimate(of(target.label, 'console', metric));
          const fromBuild = medianEstimate(of(target.label, 'deployed', metric));
          return `${metric.toUpperCase()} ${seconds(fromConsole.median)} (${range(fromConsole.interval, seconds)}) against ${seconds(fromBuild.median)}: ${withinEachOther(fromConsole, fromBuild) ? 'holds' : 'fails'}`;
        });
        say(`${target.label.padEnd(24)} ${verdicts.join('; ')}`);
      }
    }
    for (const variant of targets.filter((target) => target.visitor)) {
      say('');
      say(`${variant.label} beside the original, deployed, medians with 90 % bootstrap intervals (the bar: each median within the other's interval):`);
      for (const metric of ['fcp', 'lcp'] as const) {
        const ofVariant = medianEstimate(of(variant.label, 'deployed', metric));
        const ofOriginal = medianEstimate(of(variant.path, 'deployed', metric));
        say(
          `${''.padEnd(24)} ${metric.toUpperCase()} variant ${seconds(ofVariant.median)} (${range(ofVariant.interval, seconds)}), original ${seconds(ofOriginal.median)} (${range(ofOriginal.interval, seconds)}): ${withinEachOther(ofVariant, ofOriginal) ? 'holds' : 'fails'}`,
        );
      }
    }
    say('');
    say(`${((Date.now() - started) / 60_000).toFixed(1)} minutes`);
    console.error(`written to ${report.record()}`);
  } finally {
    await browser.close();
    copies?.close();
    await stopAll(servers);
    for (const b of builds) b.nginx.kill('SIGQUIT');
    fs.rmSync(nginxDir, { recursive: true, force: true });
    // The database as found: the page untested.
    if (variantTest) await withRepositories(deployedEnv, (repos) => pageTests(repos).stop(variantTest.id, { actor: BENCH_ACTOR, now: Date.now() }));
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
