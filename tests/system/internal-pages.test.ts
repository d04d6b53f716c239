/**
 * What a stranger's request reaches of the built server (`next start`), directly and through the deploy's
 * nginx (deploy/nginx-site.conf with TLS, as tests/system/deploy.test.ts runs it):
 * - the page tests' internals: the page handler (`/api/page-tests/page`) and the variants' render
 *   (`/page-test-render/…`) answer only the instance itself; a client sending the `x-page-test-*` headers
 *   gets no internal page, no draft's text, no console and no health body;
 * - the start-up self-check (server/live-content/self-check.ts) passes on the built server, and its check
 *   addresses answer only the instance itself;
 * - percent-encoded addresses of every page type: 200 or 404, or a redirect to one, never a 5xx, and no
 *   line in an error log;
 * - a page under a running test is never kept by a shared cache for everyone: every answer of it, whoever
 *   asks and whichever way it is served, is `private` or varies by cookie.
 * The tests of the pages are seeded through the repositories: one running, two drafts with headlines of
 * their own that must never appear.
 */
import { type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noChanges } from '@/lib/page-tests/variants';
import { openDatabase } from '@/server/db/connection';
import { migrateToLatest } from '@/server/db/migrate';
import { createRepositories } from '@/server/repositories';
import { PAGE_PATH_HEADER, RENDER_TOKEN_HEADER, renderPath, VISITOR_HEADER } from '@/server/page-tests/serving';
import { nginxBinary, nginxListening, siteHere, startNginx, throwAwayCertificate } from '@/tests/support/nginx-site';
import { distDir, freePort, serverEnv, startNextServer, waitFor, type NextServer } from '@/tests/support/next-server';
import { systemSuite } from './support/suite';
import { pageTests } from '@/server/experiments/subjects/page';

const DOMAIN = 'example.ru';
const TESTED_PAGE = '/products/junior-js';
const ORIGINAL_HEADLINE = 'Junior фронтенд-разработчик';
const run = Date.now().toString(36);
const RUNNING_HEADLINE = `Заголовок идущего теста ${run}`;
const DRAFT_HEADLINES = [`Неопубликованный черновик ${run}`, `Второй неопубликованный черновик ${run}`];
const browserAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** What must never come out of a request with forged internal headers: the console's sign-in page, the health check's body. */
const INTERNAL_MARKERS = ['Вход в консоль', 'outboxWaiting', '"db":"ok"'];

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface Target {
  name: string;
  /** Where a redirect of the site points: the instance's own address, or the site's behind nginx. */
  origin: string;
  send(pathname: string, options?: { method?: string; headers?: Record<string, string> }): Promise<Answer>;
  /** The error log lines written since the last call (the instance's errors, and nginx's). */
  newErrors(): string[];
}

const skipNginx = nginxBinary ? null : "nginx is not installed (Debian's nginx, libnginx-mod-http-brotli-filter and -static)";
if (skipNginx) console.warn(`\n[internal-pages] ${skipNginx}: the checks through nginx are SKIPPED, the direct ones run.\n`);

describe('requests from outside: the page tests’ internals, encoded addresses, a tested page and shared caches', () => {
  const suite = systemSuite('internal-pages');
  let server: NextServer;
  let nginx: ChildProcess | undefined;
  let runningTest: { id: string; version: number };
  const drafts: { id: string; version: number }[] = [];
  const targets: Target[] = [];

  beforeAll(async () => {
    const file = path.join(suite.dir, 'internal-pages.db');
    // The tests seeded before the server starts: it reads the running one at its first page request.
    const database = await openDatabase({ dialect: 'sqlite', file });
    try {
      await migrateToLatest(database);
      const repos = createRepositories(database);
      const who = { actor: 'internal-pages@school-system.ru', now: Date.now() };
      const running = await pageTests(repos).create({
        pagePath: TESTED_PAGE,
        variants: [{ ...noChanges, headline: RUNNING_HEADLINE }],
        plannedVisitors: 1000,
        ...who,
      });
      const started = await pageTests(repos).start(running.id, who);
      if (!started.started) throw new Error(`the page test did not start: ${started.reason}`);
      runningTest = started.test;
      // Drafts: one of the tested page itself, one of another course page.
      for (const [index, pagePath] of [TESTED_PAGE, '/products/react-developer'].entries()) {
        drafts.push(
          await pageTests(repos).create({ pagePath, variants: [{ ...noChanges, headline: DRAFT_HEADLINES[index]! }], plannedVisitors: 1000, ...who }),
        );
      }
    } finally {
      await database.close();
    }

    const port = await freePort();
    // As deployed behind nginx: one trusted hop.
    server = await startNextServer(port, serverEnv({ SQLITE_PATH: file, TRUST_PROXY: '1' }));
    suite.servers.push(server);
    let seenOutput = 0;
    targets.push({
      name: 'directly',
      origin: server.url,
      send: (pathname, options = {}) => sendHttp(server.port, pathname, options),
      newErrors() {
        const output = server.output();
        const fresh = output.slice(seenOutput);
        seenOutput = output.length;
        return fresh.split('\n').filter((line) => /error|too many times/i.test(line));
      },
    });

    if (skipNginx) return;
    const nginxDir = path.join(suite.dir, 'nginx');
    fs.mkdirSync(nginxDir);
    const { cert, key } = throwAwayCertificate(nginxDir, DOMAIN);
    const ca = fs.readFileSync(cert, 'utf8');
    const [httpPort, httpsPort] = [await freePort(), await freePort()];
    const site = siteHere(fs.readFileSync('deploy/nginx-site.conf', 'utf8'), {
      ports: [port, port],
      http: httpPort,
      https: httpsPort,
      cert,
      key,
      staticDir: path.resolve(distDir, 'static'),
      logDir: nginxDir,
    });
    nginx = startNginx(nginxDir, site);
    await nginxListening(nginx, nginxDir);
    const errorLog = path.join(nginxDir, 'error.log');
    let seenLog = 0;
    let seenOutputThroughNginx = 0;
    // Each request from an address of its own: nginx's limit on /api/ (5 a second an address) is not what is tested.
    let sent = 0;
    targets.push({
      name: 'through nginx',
      origin: `https://${DOMAIN}`,
      send: (pathname, options = {}) => sendHttps(httpsPort, ca, `127.0.3.${(sent++ % 250) + 1}`, pathname, options),
      newErrors() {
        const log = fs.readFileSync(errorLog, 'utf8');
        const fresh = log.slice(seenLog);
        seenLog = log.length;
        const output = server.output();
        const instance = output.slice(seenOutputThroughNginx);
        seenOutputThroughNginx = output.length;
        return [
          ...fresh.split('\n').filter((line) => /\[(error|crit|alert|emerg)\]/.test(line)),
          ...instance.split('\n').filter((line) => /error|too many times/i.test(line)),
        ];
      },
    });
  });

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const stopped = new Promise((resolve) => nginx!.once('exit', resolve));
      nginx.kill('SIGQUIT');
      await stopped;
    }
  });

  /** Nothing internal in an answer: no draft's or unserved variant's text, no console page, no health body. */
  function expectNothingInternal(answer: Answer, what: string) {
    for (const text of [...DRAFT_HEADLINES, ...INTERNAL_MARKERS]) expect(answer.body, `${what}: ${text}`).not.toContain(text);
  }

  it('gives a client sending the x-page-test-* headers no internal page, no draft, no console or health body (directly and through nginx)', async () => {
    const internalPaths = [
      // The issue's own request: a draft's render through the page handler (versions and variants guessed).
      ...drafts.flatMap((draft) => [1, 2].flatMap((version) => [0, 1].map((variant) => renderPath({ id: draft.id, version }, variant, TESTED_PAGE)))),
      renderPath(drafts[1]!, 1, '/products/react-developer'),
      renderPath(runningTest, 1, TESTED_PAGE),
      '/admin/leads',
      '/admin',
      '/api/health',
      TESTED_PAGE,
    ];
    for (const target of targets) {
      target.newErrors();
      for (const internalPath of internalPaths) {
        for (const token of [undefined, 'guessed-token']) {
          const headers = {
            'user-agent': browserAgent,
            [PAGE_PATH_HEADER]: internalPath,
            [VISITOR_HEADER]: 'forged-visitor',
            ...(token ? { [RENDER_TOKEN_HEADER]: token } : {}),
          };
          const what = `${target.name}: ${internalPath} with ${token ?? 'no token'}`;
          for (const method of ['GET', 'HEAD']) {
            // The page handler: there is none, for anyone but the instance.
            const handler = await target.send('/api/page-tests/page', { method, headers });
            expectNothingInternal(handler, `the handler ${what}`);
            expect(handler.status, `${method} the handler ${what}`).toBe(404);
          }
          // The render's own address, the path as the header named it.
          if (internalPath.startsWith('/page-test-render/')) {
            const render = await target.send(internalPath, { headers });
            expectNothingInternal(render, `the render ${what}`);
            expect(render.status, `the render ${what}`).toBe(404);
            expect(render.body).not.toContain(RUNNING_HEADLINE);
          }
          // The tested page itself, and the client router's request of it: the page, nothing the headers named.
          for (const asked of browserOrClientRouter) {
            const page = await target.send(TESTED_PAGE + asked.query, { headers: { ...headers, ...asked.headers } });
            expect(page.status, `the page ${what} ${asked.query}`).toBe(200);
            expectNothingInternal(page, `the page ${what}`);
          }
        }
      }
      // The render route spelled with an encoded letter, which Next.js decodes: never the draft either.
      const encoded = await followed(target, `/page-test-rend%65r/${drafts[0]!.id}/1/1${TESTED_PAGE}`, { [RENDER_TOKEN_HEADER]: 'guessed-token' });
      expect(encoded.status).toBe(404);
      expectNothingInternal(encoded, `${target.name}: the encoded render address`);
      expect(target.newErrors(), target.name).toEqual([]);
    }
  });

  it('passes the start-up self-check on the real build (health says pageServing "ok"), and its check addresses are 404 to a client (directly and through nginx)', async () => {
    const direct = targets[0]!;
    await waitFor(
      'the self-check’s result on health',
      async () => {
        const health = await direct.send('/api/health');
        const serving = (JSON.parse(health.body) as { pageServing?: string }).pageServing;
        expect(serving, server.output()).not.toBe('broken');
        return serving === 'ok';
      },
      30_000,
    );
    expect(server.output()).not.toContain('server.self_check_failed');
    for (const target of targets) {
      target.newErrors();
      for (const address of ['/api/live-pages/check', '/live-pages-check']) {
        for (const token of [undefined, 'guessed-token']) {
          for (const method of ['GET', 'HEAD']) {
            const answer = await target.send(address, { method, headers: { 'user-agent': browserAgent, ...(token ? { [RENDER_TOKEN_HEADER]: token } : {}) } });
            const what = `${target.name}: ${method} ${address} with ${token ?? 'no token'}`;
            expect(answer.status, what).toBe(404);
            expect(answer.body, what).not.toContain('{"path":');
          }
        }
      }
      expect(target.newErrors(), target.name).toEqual([]);
    }
  });

  /** A few encoded spellings of each page type: a first, a last and a middle character, a `-`, every letter. */
  const encodedAddresses = [
    // The home page
    '/%2e',
    '/%2E/',
    // /about
    '/%61bout',
    '/abou%74',
    '/%61%62%6f%75%74',
    // A course page (the tested one and another) and a campaign landing
    '/products/junior-j%73',
    '/%70roducts/junior-js',
    '/products/react%2Ddeveloper',
    '/products/perspectives/t%67',
    '/%70roducts/perspectives/tg',
    // /media, a category and an article
    '/m%65dia',
    '/%6dedia/category/career',
    '/media/array-method%73',
    // Events
    '/events/new-year-242%35',
    '/%65vents/demo5days',
    '/events/demo5day%73',
    // The roadmap: a roadmap, a topic and an article
    '/roadmap/fronten%64',
    '/roadmap/frontend/topic/javascrip%74',
    '/r%6fadmap/frontend/article/event-loop',
    '/roadmap/frontend/article/event%2Dloop',
    // Personal stories and one story
    '/personal-storie%73',
    '/personal%2dstories/marketer-to-react',
    '/personal-stories/marketer-to-reac%74',
    // Top-level pages of the [page] segment
    '/edu-abou%74',
    // The console
    '/%61dmin',
    '/admi%6E/leads',
    '/admin/sign-i%6e',
    // Build files and the API
    '/robots.tx%74',
    '/sitemap.xm%6c',
    '/api/h%65alth',
    // No page there: a 404, not a 500
    '/no-such-pag%65',
    '/media/no-such-articl%65',
  ];

  it('answers encoded addresses of every page type 200 or 404 (or a redirect to one), never 5xx, with no error-log line (directly and through nginx)', async () => {
    for (const target of targets) {
      target.newErrors();
      for (const method of ['GET', 'HEAD']) {
        for (const address of encodedAddresses) {
          const answer = await followed(target, address, { 'user-agent': browserAgent }, method);
          expect([200, 404], `${target.name}: ${method} ${address} ended in ${answer.status} after ${answer.hops.join(' -> ')}`).toContain(answer.status);
        }
      }
      // The encoded spelling leads to the same page as the plain one.
      const title = (answer: Answer) => /<title>([^<]*)<\/title>/.exec(answer.body)?.[1];
      expect(title(await followed(target, '/%61bout', {}))).toBe(title(await target.send('/about')));
      // A path that does not decode is the client's error, in Russian: 400, not 500.
      for (const address of ['/about%ZZ', '/%61bout%FF', '/products/junior-js%']) {
        const answer = await target.send(address);
        expect([400], `${target.name}: ${address}`).toContain(answer.status);
      }
      expect(target.newErrors(), target.name).toEqual([]);
    }
  });

  it('sends every answer of a page under a running test private or varying by cookie: the original to a robot and to a visitor refusing tracking, the variant, HEAD, the client router', async () => {
    const robots: Record<string, string>[] = [
      { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
      { 'user-agent': 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)' },
      { 'user-agent': 'curl/8.5.0' },
      { 'user-agent': browserAgent, dnt: '1' },
      { 'user-agent': browserAgent, 'sec-gpc': '1' },
    ];
    for (const target of targets) {
      // Visitors until both the original and the variant were served.
      const visitors = new Map<string, string>();
      await waitFor(
        `${target.name}: visitors of both A and B`,
        async () => {
          const answer = await target.send(TESTED_PAGE, { headers: { 'user-agent': browserAgent } });
          expectShared(answer, `${target.name}: a new visitor`);
          const cookie = /school_vid=[^;]+/.exec(String(answer.headers['set-cookie'] ?? ''))?.[0];
          if (cookie) visitors.set(headlineOf(answer.body), cookie);
          return visitors.has(ORIGINAL_HEADLINE) && visitors.has(RUNNING_HEADLINE);
        },
        60_000,
      );
      for (const [headline, cookie] of visitors) {
        for (const method of ['GET', 'HEAD']) {
          for (const asked of browserOrClientRouter) {
            const answer = await target.send(TESTED_PAGE + asked.query, { method, headers: { 'user-agent': browserAgent, cookie, ...asked.headers } });
            const what = `${target.name}: ${method} ${asked.query} the visitor of «${headline}»`;
            expect(answer.status, what).toBe(200);
            expectShared(answer, what);
            if (method === 'GET' && !asked.query) expect(headlineOf(answer.body), what).toBe(headline);
          }
        }
      }
      for (const headers of robots) {
        for (const method of ['GET', 'HEAD']) {
          for (const asked of browserOrClientRouter) {
            const answer = await target.send(TESTED_PAGE + asked.query, { method, headers: { ...headers, ...asked.headers } });
            const what = `${target.name}: ${method} ${asked.query} ${JSON.stringify(headers)}`;
            expect(answer.status, what).toBe(200);
            expectShared(answer, what);
            expect(answer.headers['set-cookie'], what).toBeUndefined();
            if (method === 'GET' && !asked.query) expect(headlineOf(answer.body), what).toBe(ORIGINAL_HEADLINE);
          }
        }
      }
    }
  });
});

/** A page's request as a browser loads it, and as Next.js's client router asks for it (its `_rsc` query, or Next.js redirects to one). */
const browserOrClientRouter: { query: string; headers: Record<string, string> }[] = [
  { query: '', headers: {} },
  { query: '?_rsc', headers: { rsc: '1' } },
];

/**
 * A page under test: never kept by a shared cache for every visitor (`private`, or a `Vary: Cookie` such a
 * cache keys on), and nothing of the proxy step's internal request headers (the render token) in the answer.
 */
function expectShared(answer: Answer, what: string) {
  const cacheControl = String(answer.headers['cache-control'] ?? '');
  const vary = String(answer.headers.vary ?? '');
  expect(/\bprivate\b/.test(cacheControl) || /\bcookie\b/i.test(vary), `${what}: Cache-Control «${cacheControl}», Vary «${vary}»`).toBe(true);
  expect(
    Object.keys(answer.headers).filter((name) => name.includes('x-page-test') || name.startsWith('x-middleware-request')),
    what,
  ).toEqual([]);
}

function headlineOf(html: string): string {
  return (/<h1 id="course-title"[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] ?? '').replace(/\u00a0/g, ' ');
}

/** `address` with its redirects followed (on the same site, at most 4): the last answer and the statuses on the way. */
async function followed(target: Target, address: string, headers: Record<string, string>, method = 'GET'): Promise<Answer & { hops: string[] }> {
  const hops: string[] = [];
  let current = address;
  for (;;) {
    const answer = await target.send(current, { method, headers });
    hops.push(`${answer.status} ${current}`);
    const location = answer.headers.location;
    if (answer.status < 300 || answer.status >= 400 || !location || hops.length > 4) return { ...answer, hops };
    const next = new URL(location, target.origin + current);
    expect(next.origin, `${address} redirects off the site: ${location}`).toBe(target.origin);
    current = next.pathname + next.search;
  }
}

function collect(resolve: (answer: Answer) => void) {
  return (response: http.IncomingMessage) => {
    let body = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => (body += chunk));
    response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
  };
}

/** A request to the instance itself, its path sent exactly as written. */
function sendHttp(port: number, pathname: string, { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http.request({ host: '127.0.0.1', port, method, path: pathname, headers }, collect(resolve)).on('error', reject).end();
  });
}

/** A request through nginx over TLS from `from` (a loopback address), its path sent exactly as written. */
function sendHttps(
  port: number,
  ca: string,
  from: string,
  pathname: string,
  { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    https
      .request(
        { host: '127.0.0.1', port, servername: DOMAIN, ca, localAddress: from, method, path: pathname, headers: { host: DOMAIN, ...headers } },
        collect(resolve),
      )
      .on('error', reject)
      .end();
  });
}
