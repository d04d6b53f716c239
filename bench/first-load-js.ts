/**
 * `npm run bench:js`: how much JavaScript (compressed bytes on the wire) content pages load in Chromium.
 * A benchmark, not a test. Needs a production build (`npm run build`, or NEXT_DIST_DIR=… for another one).
 *
 * For each page, scripts requested before the load event are the first load. Those that the 404 page
 * (no component of ours in it) also loads are the framework (Next.js, React); the rest is ours. Scripts
 * requested after the load event are lazy: our widgets once the page is idle, and Next's prefetching of
 * linked routes.
 */
import { spawn } from 'node:child_process';
import { chromium } from '@playwright/test';
import { chromiumPath } from '../playwright.config';

const port = Number(process.env.BENCH_PORT ?? 3900);
const base = `http://127.0.0.1:${port}`;
const pages = (process.env.BENCH_PAGES ?? '/,/products,/products/junior-js,/media,/roadmap/frontend,/about').split(',');

interface Script {
  url: string;
  bytes: number;
  beforeLoad: boolean;
}

async function loadScripts(path: string): Promise<Script[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const page = await (await browser.newContext()).newPage();
    let loaded = false;
    const scripts: Promise<Script>[] = [];
    page.on('load', () => (loaded = true));
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      const beforeLoad = !loaded;
      scripts.push(request.sizes().then((sizes) => ({ url: new URL(request.url()).pathname, bytes: sizes.responseBodySize, beforeLoad })));
    });
    await page.goto(base + path, { waitUntil: 'load' });
    await page.waitForTimeout(5000); // idle widgets and prefetches
    return Promise.all(scripts);
  } finally {
    await browser.close();
  }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);
const sum = (scripts: Script[]) => scripts.reduce((total, script) => total + script.bytes, 0);

async function main() {
  const server = spawn('npx', ['next', 'start', '-p', String(port), '-H', '127.0.0.1'], {
    env: { ...process.env, OUTBOX_WORKER: 'off', NEXT_TELEMETRY_DISABLED: '1' },
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (let i = 0; i < 100 && !(await fetch(base).then(() => true, () => false)); i++) {
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    const framework = new Set((await loadScripts('/no-such-page')).filter((s) => s.beforeLoad).map((s) => s.url));
    console.log('page                         framework     ours    lazy   (kB of JS, compressed; first load = framework + ours)');
    for (const path of pages) {
      const scripts = await loadScripts(path);
      const first = scripts.filter((s) => s.beforeLoad);
      const ours = first.filter((s) => !framework.has(s.url));
      const lazy = scripts.filter((s) => !s.beforeLoad);
      console.log(`${path.padEnd(26)} ${kb(sum(first) - sum(ours))}  ${kb(sum(ours))} ${kb(sum(lazy))}`);
      // BENCH_VERBOSE=1 names the chunks counted as ours, to find what put them in the first load.
      if (process.env.BENCH_VERBOSE) for (const s of ours) console.log(`    ours: ${s.url} ${kb(s.bytes)} kB`);
    }
  } finally {
    process.kill(-server.pid!, 'SIGTERM');
  }
}

void main();
