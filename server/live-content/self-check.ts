/**
 * The start-up self-check of the pages the instance renders while it runs (docs/architecture.md, "A page
 * test's variant, hop by hop"). Both ways rest on behaviours of Next.js that no documentation promises
 * and an upgrade may change; shortly after the instance is first connected to, it asks itself for each:
 * 1. a rewrite of the proxy (`NextResponse.rewrite` to an `/api/` route, with request headers it set)
 *    stays inside the instance and keeps those headers: the proxy steps send a tested page and a page with
 *    the console's content to their handlers so, the render token and the page's path in headers. Asked
 *    through `/live-pages-check`, which the proxy step rewrites to `/api/live-pages/check`; its answer
 *    must be the path the rewrite passed on.
 * 2. a request of a pre-rendered page (`/about`) with the build's Draft Mode cookie is rendered on
 *    request, not answered from the build's file: the console's content is rendered so (render.ts). A page
 *    rendered on request is answered `no-store` and lacks the first-paint rewrite that `npm run build` gives
 *    the files (Next.js sends `x-nextjs-cache: HIT` either way, so that header says nothing).
 * A failure is logged once as an `error` line `server.self_check_failed` saying what failed, and health
 * (server/http/health.ts) reports `pageServing: "broken"`; the instance keeps serving (the pre-rendered
 * pages are whole), since refusing to start would take every page down for the sake of some.
 */
import { hasBuildFirstPaint } from '../build/first-paint';
import { whenOwnOriginKnown } from '../build/own-origin';
import { consoleLogger, errorKind, type Logger } from '../log';
import { renderToken } from '../page-tests/live';
import { RENDER_TOKEN_HEADER } from '../page-tests/serving';
import { previewCookie } from './render';
import { LIVE_PAGE_CHECK_HANDLER_PATH, LIVE_PAGE_CHECK_PATH } from './serving';

/** The pre-rendered page asked for in Draft Mode: a page of the build that no content makes dynamic. */
export const DRAFT_MODE_CHECK_PAGE = '/about';
/** How long after the first connection the check starts: the instance answers its first requests first. */
const START_DELAY_MS = 1000;
const ASK_TIMEOUT_MS = 20_000;

export type PageServing = 'checking' | 'ok' | 'broken';

const stateKey = Symbol.for('school-site.page-serving-check');
const state: { serving: PageServing } = ((globalThis as Record<symbol, { serving: PageServing } | undefined>)[stateKey] ??= { serving: 'checking' });

/** What health reports: `checking` until the self-check has run (or in a process that runs none: `next dev`), then its result. */
export function pageServing(): PageServing {
  return state.serving;
}

/** What the instance asks itself with: its render token and the build's Draft Mode cookie. */
export interface SelfCheckCredentials {
  token: string;
  previewCookie: string;
}

/** What failed, in plain words, one sentence each; empty when both behaviours hold. */
export async function checkPageServing(origin: string, credentials: SelfCheckCredentials): Promise<string[]> {
  const failures: string[] = [];
  const ask = (path: string, headers: Record<string, string>) =>
    fetch(origin + path, {
      headers: { [RENDER_TOKEN_HEADER]: credentials.token, 'accept-encoding': 'identity', ...headers },
      redirect: 'manual',
      signal: AbortSignal.timeout(ASK_TIMEOUT_MS),
    });

  try {
    const response = await ask(LIVE_PAGE_CHECK_PATH, {});
    const body = response.status === 200 ? await response.text() : '';
    if (response.status !== 200) {
      failures.push(
        `the proxy's rewrite of ${LIVE_PAGE_CHECK_PATH} to ${LIVE_PAGE_CHECK_HANDLER_PATH} did not reach the handler inside the instance (answered ${response.status}): tested pages and pages with the console's content cannot be served`,
      );
    } else if (readPath(body) !== LIVE_PAGE_CHECK_PATH) {
      failures.push(
        `the proxy's rewrite to ${LIVE_PAGE_CHECK_HANDLER_PATH} reached the handler without the request headers it set: tested pages and pages with the console's content cannot be served`,
      );
    }
  } catch (error) {
    failures.push(`the instance could not ask itself for ${LIVE_PAGE_CHECK_PATH} at ${origin} (${errorKind(error)})`);
  }

  try {
    const response = await ask(DRAFT_MODE_CHECK_PAGE, { cookie: credentials.previewCookie });
    const html = await response.text();
    const cacheControl = response.headers.get('cache-control') ?? '';
    if (response.status !== 200) {
      failures.push(`${DRAFT_MODE_CHECK_PAGE} asked in Draft Mode answered ${response.status}: pages with the console's content cannot be rendered`);
    } else if (hasBuildFirstPaint(html) || !cacheControl.includes('no-store')) {
      failures.push(
        `${DRAFT_MODE_CHECK_PAGE} asked in Draft Mode came from the build's files, not rendered on request (cache-control "${cacheControl}"${hasBuildFirstPaint(html) ? ", the build's first-paint rewrite in it" : ''}): pages would show the build's content, not the console's`,
      );
    }
  } catch (error) {
    failures.push(`the instance could not ask itself for ${DRAFT_MODE_CHECK_PAGE} in Draft Mode at ${origin} (${errorKind(error)})`);
  }
  return failures;
}

function readPath(body: string): unknown {
  try {
    return (JSON.parse(body) as { path?: unknown }).path;
  } catch {
    return undefined;
  }
}

/** Runs the check against `origin` and keeps its result for health; a failure is one `error` line. */
export async function runPageServingCheck(origin: string, credentials: SelfCheckCredentials, log: Logger = consoleLogger): Promise<PageServing> {
  const failures = await checkPageServing(origin, credentials);
  state.serving = failures.length === 0 ? 'ok' : 'broken';
  if (failures.length > 0) log.error('server.self_check_failed', { message: failures.join('; '), health: '/api/health pageServing "broken"' });
  return state.serving;
}

/** From server/instance.ts: the check, once the instance's own address is known; never holds up the start. */
export function startPageServingCheck(): void {
  void whenOwnOriginKnown().then(async (origin) => {
    await new Promise((resolve) => setTimeout(resolve, START_DELAY_MS));
    let credentials: SelfCheckCredentials;
    try {
      credentials = { token: renderToken(), previewCookie: previewCookie() };
    } catch (error) {
      state.serving = 'broken';
      consoleLogger.error('server.self_check_failed', { message: `the build's Draft Mode cookie could not be read (${errorKind(error)})` });
      return;
    }
    await runPageServingCheck(origin, credentials);
  });
}
