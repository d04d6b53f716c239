/**
 * `npm run bench:lighthouse`: every page type next to the framework's floor, in one run.
 * A benchmark, not a test (the machines are noisy): builds the floor (bench/floor, a bare page of the
 * project's Next.js) and the site, starts both, runs Lighthouse 12 (mobile preset, simulated throttling,
 * Debian's Chromium) BENCH_RUNS times per URL (default 5), alternating site and floor, and prints the
 * medians of score, LCP, FCP, TBT and CLS with their difference from the floor. A second floor row links
 * the site's own stylesheet into the bare page: the part of the gap that one render-blocking stylesheet
 * costs on the simulated phone network, whatever the page holds.
 * BENCH_BASE=<git ref> also builds that commit (a `git worktree` in a temporary folder, this checkout's
 * node_modules hard-linked into it, its own `npm run build`) and measures it in the same rounds, interleaved with
 * the site and the floor, so a change is compared with what it replaces on the same machine in the same minutes.
 * Writes what it printed to bench/results/lighthouse.md (recordResults).
 *   BENCH_SKIP_BUILD=1   reuse the builds of the last run      BENCH_PAGES=/a,/b   other pages
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import { median } from './statistics';
import { benchReport, build, seconds, startBuild, stopAll } from './support';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const sitePort = Number(process.env.BENCH_PORT ?? 3910);
const floorPort = sitePort + 1;
const siteDist = '.next-bench';
const chromePath = process.env.CHROME_PATH ?? '/usr/lib/chromium/chromium';

interface Metrics {
  score: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
}

/** The site's stylesheet, served by the floor as /site.css for its `/styled` page. */
function copySiteStylesheet() {
  const chunks = path.join(siteDist, 'static', 'chunks');
  const stylesheets = fs.readdirSync(chunks).filter((name) => name.endsWith('.css'));
  if (stylesheets.length !== 1) throw new Error(`expected the site's one stylesheet in ${chunks}, found ${stylesheets.length}`);
  fs.mkdirSync('bench/floor/public', { recursive: true });
  fs.copyFileSync(path.join(chunks, stylesheets[0]!), 'bench/floor/public/site.css');
}

/** An article and a roadmap topic, found where a visitor would: in the sitemap. */
async function pageTypes(base: string): Promise<string[]> {
  if (process.env.BENCH_PAGES) return process.env.BENCH_PAGES.split(',');
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  const article = paths.find((path) => /^\/media\/(?!category\/)[^/]+$/.test(path));
  const topic = paths.find((path) => /^\/roadmap\/[^/]+\/topic\/[^/]+$/.test(path));
  return ['/', '/products/junior-js', '/products/junior-js/cvrna', '/products', '/media', article, topic, '/events/new-year-2425'].filter(
    (path): path is string => Boolean(path),
  );
}

/**
 * One Lighthouse run through its own CLI (mobile and simulated throttling are its defaults). A child
 * process, not the module: tsx would rewrite the functions Lighthouse sends into the page as source.
 */
async function measure(url: string, port: number, attempts = 3): Promise<Metrics> {
  try {
    return runLighthouse(url, port);
  } catch (error) {
    // Lighthouse now and then loses the trace of a load (NO_NAVSTART): that run is simply repeated.
    if (attempts <= 1) throw error;
    console.error(`${(error as Error).message.split('\n')[0]}; running it again`);
    return measure(url, port, attempts - 1);
  }
}

function runLighthouse(url: string, port: number): Metrics {
  const cli = spawnSync(
    process.execPath,
    ['node_modules/lighthouse/cli/index.js', url, `--port=${port}`, '--output=json', '--output-path=stdout', '--only-categories=performance', '--quiet'],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (cli.status !== 0) throw new Error(`lighthouse ${url} failed: ${cli.stderr}`);
  const lhr = JSON.parse(cli.stdout) as {
    audits: Record<string, { numericValue?: number }>;
    categories: { performance?: { score: number | null } };
  };
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: value('largest-contentful-paint'),
    fcp: value('first-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
  };
}

function medians(samples: Metrics[]): Metrics {
  return {
    score: median(samples.map((s) => s.score)),
    lcp: median(samples.map((s) => s.lcp)),
    fcp: median(samples.map((s) => s.fcp)),
    tbt: median(samples.map((s) => s.tbt)),
    cls: median(samples.map((s) => s.cls)),
  };
}

const signed = (value: number, text: string) => `${value >= 0 ? '+' : '−'}${text}`;

function row(label: string, m: Metrics, floor?: Metrics): string {
  const cells = [
    String(m.score).padStart(5),
    seconds(m.lcp).padStart(8),
    seconds(m.fcp).padStart(8),
    `${Math.round(m.tbt)} ms`.padStart(8),
    m.cls.toFixed(3).padStart(6),
  ];
  const diff = floor
    ? `   ${signed(m.score - floor.score, String(Math.abs(m.score - floor.score)))} pts, LCP ${signed(m.lcp - floor.lcp, seconds(Math.abs(m.lcp - floor.lcp)))}, TBT ${signed(m.tbt - floor.tbt, `${Math.round(Math.abs(m.tbt - floor.tbt))} ms`)}`
    : '';
  return `${label.padEnd(40)} ${cells.join(' ')}${diff}`;
}

/**
 * The commit `ref` built where it cannot touch this checkout: a detached `git worktree` in a temporary folder
 * with this checkout's node_modules hard-linked in, built by its own `npm run build`. Returns the folder.
 */
function buildBase(ref: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-base-'));
  const git = (...args: string[]) => {
    const result = spawnSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    if (result.status !== 0) throw new Error(`git ${args.join(' ')} failed`);
    return result.stdout.trim();
  };
  const commit = git('rev-parse', '--verify', `${ref}^{commit}`);
  git('worktree', 'add', '--detach', folder, commit);
  // Hard links, not a symlink: the bundler refuses modules resolved outside the project's folder.
  const link = spawnSync('cp', ['-al', path.resolve('node_modules'), path.join(folder, 'node_modules')], { stdio: 'inherit' });
  if (link.status !== 0) throw new Error('linking node_modules into the base worktree failed');
  fs.mkdirSync(path.join(folder, 'data'), { recursive: true });
  const result = spawnSync('npm', ['run', 'build'], { cwd: folder, env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' }, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm run build of ${ref} (${commit.slice(0, 7)}) failed`);
  return folder;
}

function removeBase(folder: string) {
  spawnSync('git', ['worktree', 'remove', '--force', folder], { stdio: 'inherit' });
  fs.rmSync(folder, { recursive: true, force: true });
}

async function main() {
  const baseRef = process.env.BENCH_BASE;
  if (!process.env.BENCH_SKIP_BUILD) {
    build(['npx', 'next', 'build', 'bench/floor'], {});
    build(['npm', 'run', 'build'], { NEXT_DIST_DIR: siteDist });
  }
  const baseFolder = baseRef ? buildBase(baseRef) : undefined;
  copySiteStylesheet();
  const basePort = sitePort + 2;
  const [site, floor, base] = await Promise.all([
    startBuild(sitePort, { NEXT_DIST_DIR: siteDist, OUTBOX_WORKER: 'off', SQLITE_PATH: './data/bench-lighthouse.db' }),
    startBuild(floorPort, {}, { dir: 'bench/floor' }),
    // Its own `next start`, run in its folder (the build and its database there).
    baseFolder ? startBuild(basePort, { OUTBOX_WORKER: 'off', SQLITE_PATH: './data/bench-lighthouse.db' }, { cwd: baseFolder }) : undefined,
  ]);
  // Chrome's debugging port beside the servers', so the run keeps to BENCH_PORT's range.
  const chrome = await launch({
    chromePath,
    port: sitePort + 3,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const siteBase = `http://127.0.0.1:${sitePort}`;
    const floorBase = `http://127.0.0.1:${floorPort}`;
    const baseBase = `http://127.0.0.1:${basePort}`;
    const paths = await pageTypes(siteBase);
    const floorSamples: Metrics[] = [];
    const styledFloorSamples: Metrics[] = [];
    const siteSamples = new Map<string, Metrics[]>(paths.map((path) => [path, []]));
    const baseSamples = new Map<string, Metrics[]>(paths.map((path) => [path, []]));
    // Rounds rather than one page at a time: a noisy minute then touches every page, the base and the floor alike.
    for (let round = 0; round < runs; round++) {
      floorSamples.push(await measure(`${floorBase}/`, chrome.port));
      styledFloorSamples.push(await measure(`${floorBase}/styled`, chrome.port));
      for (const path of paths) {
        // The site and its base one after the other, in turns which goes first.
        const pair = [() => siteSamples, () => baseSamples].map((samples, index) => async () => {
          if (index === 1 && !base) return;
          samples()
            .get(path)!
            .push(await measure(`${index === 0 ? siteBase : baseBase}${path}`, chrome.port));
        });
        for (const run of round % 2 ? pair.reverse() : pair) await run();
      }
      console.error(`round ${round + 1} of ${runs} done`);
    }
    const floorMedian = medians(floorSamples);
    const report = benchReport('lighthouse');
    const say = report.print;
    say(`Lighthouse 12, mobile, medians of ${runs}            score      LCP      FCP      TBT    CLS   vs the floor`);
    say(row('floor (bare Next.js page)', floorMedian));
    say(row('floor + the site stylesheet', medians(styledFloorSamples), floorMedian));
    for (const path of paths) {
      const m = medians(siteSamples.get(path)!);
      say(row(path, m, floorMedian));
      if (base) say(row(`  at ${baseRef}`, medians(baseSamples.get(path)!), floorMedian));
      say(
        `${''.padEnd(40)} LCP − FCP ${seconds(m.lcp - m.fcp)} (at most 0.10 s: ${m.lcp - m.fcp <= 100 ? 'holds' : 'fails'}); score within 5 of the floor: ${floorMedian.score - m.score <= 5 ? 'holds' : 'fails'}`,
      );
    }
    console.error(`written to ${report.record()}`);
  } finally {
    await chrome.kill();
    await stopAll([site, floor, ...(base ? [base] : [])]);
    if (baseFolder) removeBase(baseFolder);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
