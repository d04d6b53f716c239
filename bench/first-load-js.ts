/**
 * `npm run bench:js`: how much JavaScript (compressed bytes on the wire) content pages load in Chromium,
 * on a desktop window and on a 412 px phone. A benchmark, not a test. Needs a production build
 * (`npm run build`, or NEXT_DIST_DIR=… for another one).
 *
 * For each page, scripts requested before the load event are the first load. Those that the 404 page
 * (no component of ours in it) also loads are the framework (Next.js, React); the rest is ours. Scripts
 * requested after the load event, while nobody touches the page, load after idle: our widgets, and
 * Next's prefetching of linked routes. BENCH_VERBOSE=1 names every chunk counted as ours or after idle.
 * Last, the lead form: the scripts a course page fetches when the visitor scrolls to its form (its fields,
 * validation and phone rules load then), the most JavaScript a visitor meets on the way to a lead.
 * Writes what it printed to bench/results/js.md (recordResults).
 */
import { chromium } from '@playwright/test';
import { chromiumPath } from '../playwright.config';
import { benchReport, startBuild, stopAll } from './support';

const report = benchReport('js');

const port = Number(process.env.BENCH_PORT ?? 3900);
const base = `http://127.0.0.1:${port}`;
const pages = (process.env.BENCH_PAGES ?? '/,/products,/products/junior-js,/media,/roadmap/frontend,/about').split(',');

interface Script {
  url: string;
  bytes: number;
  /** Named by the page's HTML (a script tag or a preload): the first load, whenever the browser fetched it. */
  firstLoad: boolean;
}

const devices = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 412, height: 915 }, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true },
} as const;

async function loadScripts(path: string, device: keyof typeof devices = 'desktop'): Promise<Script[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const page = await (await browser.newContext(devices[device])).newPage();
    const requested: Promise<{ url: string; bytes: number }>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      requested.push(request.sizes().then((sizes) => ({ url: new URL(request.url()).pathname, bytes: sizes.responseBodySize })));
    });
    const response = await page.goto(base + path, { waitUntil: 'load' });
    const html = (await response?.text()) ?? '';
    await page.waitForTimeout(5000); // idle widgets and prefetches; a benchmark may wait, a test may not
    return (await Promise.all(requested)).map((script) => ({ ...script, firstLoad: html.includes(script.url) }));
  } finally {
    await browser.close();
  }
}

/** The scripts the course page fetches once its lead form comes into view, until the form is ready. */
async function leadFormScripts(device: keyof typeof devices): Promise<{ url: string; bytes: number }[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const page = await (await browser.newContext(devices[device])).newPage();
    await page.goto(`${base}/products/junior-js`, { waitUntil: 'load' });
    await page.waitForTimeout(5000); // the idle widgets first, so that only the form's own scripts follow
    const requested: Promise<{ url: string; bytes: number }>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      requested.push(request.sizes().then((sizes) => ({ url: new URL(request.url()).pathname, bytes: sizes.responseBodySize })));
    });
    const form = page.locator('#lead-form');
    await form.scrollIntoViewIfNeeded();
    await form.locator('[data-form-ready]').waitFor({ state: 'attached' });
    return await Promise.all(requested);
  } finally {
    await browser.close();
  }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);
const sum = (scripts: { bytes: number }[]) => scripts.reduce((total, script) => total + script.bytes, 0);

async function main() {
  const server = await startBuild(port, { OUTBOX_WORKER: 'off' });
  try {
    const framework = new Set((await loadScripts('/no-such-page')).filter((s) => s.firstLoad).map((s) => s.url));
    report.print('page                         device   framework     ours   after idle   (kB of JS, compressed; first load = framework + ours)');
    for (const path of pages) {
      for (const device of ['desktop', 'phone'] as const) {
        const scripts = await loadScripts(path, device);
        const first = scripts.filter((s) => s.firstLoad);
        const ours = first.filter((s) => !framework.has(s.url));
        const lazy = scripts.filter((s) => !s.firstLoad);
        report.print(`${path.padEnd(28)} ${device.padEnd(7)} ${kb(sum(first) - sum(ours))}  ${kb(sum(ours))}    ${kb(sum(lazy))}`);
        if (process.env.BENCH_VERBOSE) {
          for (const s of ours) report.print(`    first load, ours: ${s.url} ${kb(s.bytes)} kB`);
          for (const s of lazy) report.print(`    after idle:       ${s.url} ${kb(s.bytes)} kB`);
        }
      }
    }
    report.print('');
    report.print('the lead form of /products/junior-js, when it comes into view (kB of JS, compressed)');
    for (const device of ['desktop', 'phone'] as const) {
      const scripts = await leadFormScripts(device);
      report.print(`${device.padEnd(7)} ${kb(sum(scripts))}`);
      if (process.env.BENCH_VERBOSE) for (const s of scripts) report.print(`    ${s.url} ${kb(s.bytes)} kB`);
    }
    console.error(`written to ${report.record()}`);
  } finally {
    await stopAll([server]);
  }
}

void main();
