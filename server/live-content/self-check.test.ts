/**
 * The start-up self-check against stand-in instances (node:http): one that behaves as the built server
 * does, and ones where an upgrade of Next.js broke each behaviour the rendered pages rest on.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { Logger } from '../log';
import { RENDER_TOKEN_HEADER } from '../page-tests/serving';
import { checkPageServing, DRAFT_MODE_CHECK_PAGE, pageServing, runPageServingCheck } from './self-check';
import { LIVE_PAGE_CHECK_PATH } from './serving';

const credentials = { token: 'the-token', previewCookie: '__prerender_bypass=preview-id' };
// As the built server answers /about: Next.js says `x-nextjs-cache: HIT` in Draft Mode too.
const renderedOnRequest = {
  headers: { 'cache-control': 'private, no-cache, no-store, max-age=0, must-revalidate', 'x-nextjs-cache': 'HIT' },
  body: '<html><head><link rel="stylesheet" href="/_next/static/a.css"/></head><body>О школе</body></html>',
};
const fromTheBuild = {
  headers: { 'cache-control': 's-maxage=31536000', 'x-nextjs-cache': 'HIT' },
  body: '<html><head><style data-critical="">h1{}</style></head><body>О школе</body></html>',
};

interface Behaviour {
  /** The answer to the check's address asked with the token: what the proxy's rewrite reached. */
  check(request: http.IncomingMessage): { status: number; body: string };
  /** The answer to the pre-rendered page asked with the Draft Mode cookie. */
  draft(request: http.IncomingMessage): { status: number; headers: Record<string, string>; body: string };
}

const rewriteReachesHandler: Behaviour['check'] = (request) =>
  request.headers[RENDER_TOKEN_HEADER] === credentials.token
    ? { status: 200, body: JSON.stringify({ path: LIVE_PAGE_CHECK_PATH }) }
    : { status: 404, body: '' };
const draftRendersOnRequest: Behaviour['draft'] = (request) =>
  request.headers.cookie === credentials.previewCookie ? { status: 200, ...renderedOnRequest } : { status: 200, ...fromTheBuild };

const servers: http.Server[] = [];
async function standIn(behaviour: Behaviour): Promise<string> {
  const server = http.createServer((request, response) => {
    if (request.url === LIVE_PAGE_CHECK_PATH) {
      const { status, body } = behaviour.check(request);
      response.writeHead(status, { 'content-type': 'application/json' }).end(body);
    } else if (request.url === DRAFT_MODE_CHECK_PAGE) {
      const { status, headers, body } = behaviour.draft(request);
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(body);
    } else response.writeHead(404).end();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

describe('the start-up self-check of the pages the instance renders', () => {
  it('passes an instance whose rewrite reaches the handler with its headers and whose Draft Mode renders on request', async () => {
    const origin = await standIn({ check: rewriteReachesHandler, draft: draftRendersOnRequest });
    expect(await checkPageServing(origin, credentials)).toEqual([]);
  });

  it('fails a rewrite that leaves the instance or reaches no handler (Next.js’s 404 page)', async () => {
    const origin = await standIn({ check: () => ({ status: 404, body: '<html>Страница не найдена</html>' }), draft: draftRendersOnRequest });
    const failures = await checkPageServing(origin, credentials);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(/rewrite of \/live-pages-check to \/api\/live-pages\/check did not reach the handler .*answered 404/);
  });

  it('fails a rewrite that reaches the handler without the headers it set', async () => {
    const origin = await standIn({ check: () => ({ status: 200, body: JSON.stringify({ path: null }) }), draft: draftRendersOnRequest });
    expect(await checkPageServing(origin, credentials)).toEqual([expect.stringMatching(/without the request headers it set/)]);
  });

  it('fails a Draft Mode request answered from the build’s file, or not answered 200', async () => {
    const fromFiles = await standIn({ check: rewriteReachesHandler, draft: () => ({ status: 200, ...fromTheBuild }) });
    expect(await checkPageServing(fromFiles, credentials)).toEqual([
      expect.stringMatching(/\/about asked in Draft Mode came from the build's files, not rendered on request/),
    ]);
    // Either sign of the file is enough: its rewrite under a private header, or a shared cache's header.
    const rewrittenFile = await standIn({ check: rewriteReachesHandler, draft: () => ({ status: 200, ...fromTheBuild, headers: renderedOnRequest.headers }) });
    expect(await checkPageServing(rewrittenFile, credentials)).toEqual([expect.stringMatching(/the build's first-paint rewrite in it/)]);
    const sharedCache = await standIn({ check: rewriteReachesHandler, draft: () => ({ status: 200, ...renderedOnRequest, headers: fromTheBuild.headers }) });
    expect(await checkPageServing(sharedCache, credentials)).toEqual([expect.stringMatching(/cache-control "s-maxage=31536000"\): pages would show/)]);
    const failing = await standIn({ check: rewriteReachesHandler, draft: () => ({ status: 500, ...renderedOnRequest }) });
    expect(await checkPageServing(failing, credentials)).toEqual([expect.stringMatching(/\/about asked in Draft Mode answered 500/)]);
  });

  it('fails both when nothing answers at the address', async () => {
    const origin = await standIn({ check: rewriteReachesHandler, draft: draftRendersOnRequest });
    const server = servers.pop()!;
    await new Promise((resolve) => server.close(resolve));
    const failures = await checkPageServing(origin, credentials);
    expect(failures).toEqual([
      expect.stringMatching(/could not ask itself for \/live-pages-check/),
      expect.stringMatching(/could not ask itself for \/about in Draft Mode/),
    ]);
  });

  it('keeps the result for health and logs a failure as one error line naming what failed', async () => {
    const lines: { level: string; event: string; fields?: Record<string, unknown> }[] = [];
    const log: Logger = {
      info: (event, fields) => lines.push({ level: 'info', event, fields }),
      warn: (event, fields) => lines.push({ level: 'warn', event, fields }),
      error: (event, fields) => lines.push({ level: 'error', event, fields }),
    };
    expect(pageServing()).toBe('checking');
    const good = await standIn({ check: rewriteReachesHandler, draft: draftRendersOnRequest });
    expect(await runPageServingCheck(good, credentials, log)).toBe('ok');
    expect(pageServing()).toBe('ok');
    expect(lines).toEqual([]);

    const broken = await standIn({ check: () => ({ status: 404, body: '' }), draft: () => ({ status: 200, ...fromTheBuild }) });
    expect(await runPageServingCheck(broken, credentials, log)).toBe('broken');
    expect(pageServing()).toBe('broken');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'error', event: 'server.self_check_failed' });
    expect(String(lines[0]!.fields!.message)).toMatch(/rewrite .* did not reach the handler.*; \/about asked in Draft Mode came from the build's files/);
  });
});
