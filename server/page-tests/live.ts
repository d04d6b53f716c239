/**
 * The running page tests as every part of one instance sees them: the proxy (proxy.ts, which Next.js
 * bundles apart from the routes), the page handler and the variant's render. Next.js runs the proxy in
 * the server's own process, so the state lives on globalThis (like server/runtime.ts); this module
 * imports nothing of the database: the runtime registers where the tests come from when it opens.
 *
 * Each instance reads the running tests from the shared database at most every `refreshMs` (30 s unless
 * PAGE_TESTS_REFRESH_MS says otherwise, never over 5 minutes: server/config.ts), so a console edit (a start,
 * a stop, new texts: each a new version) reaches every instance within that time, inside the 5 minutes the
 * team was promised; the pages' HTML is cached by test version (render.ts).
 */
import { randomBytes } from 'node:crypto';
import type { PageVariantChanges } from '@/lib/page-tests/variants';

export interface LiveTest {
  id: string;
  pagePath: string;
  version: number;
  /** A first. */
  variants: PageVariantChanges[];
}

interface LiveState {
  source?: { load: () => Promise<LiveTest[]>; hashKey: string; refreshMs: number };
  byPath: Map<string, LiveTest>;
  loadedAt: number;
  loading?: Promise<void>;
  /** Marks the instance's own requests for a variant's render (render.ts); never leaves the process. */
  renderToken: string;
}

const stateKey = Symbol.for('school-site.page-tests');
const state: LiveState = ((globalThis as Record<symbol, LiveState | undefined>)[stateKey] ??= {
  byPath: new Map(),
  loadedAt: 0,
  renderToken: randomBytes(24).toString('base64url'),
});

/** Called once the database is open (server/runtime.ts): where the running tests come from, the visitor ids' key, how often to read them. */
export function registerLiveSource(load: () => Promise<LiveTest[]>, hashKey: string, refreshMs: number): void {
  state.source = { load, hashKey, refreshMs };
  state.loadedAt = 0;
}

/** The visitor ids' signing key, once the runtime has registered; null before. */
export function liveHashKey(): string | null {
  return state.source?.hashKey ?? null;
}

export function renderToken(): string {
  return state.renderToken;
}

async function refresh(now: number): Promise<void> {
  const source = state.source;
  if (!source) return;
  state.loading ??= source
    .load()
    .then((tests) => {
      state.byPath = new Map(tests.map((test) => [test.pagePath, test]));
      state.loadedAt = now;
    })
    .catch(() => {
      // The database did not answer: the tests as last read stand, asked again on the next request.
    })
    .finally(() => {
      state.loading = undefined;
    });
  await state.loading;
}

/** The running test of a page, read from the database at most every `refreshMs`. */
export async function liveTestOf(path: string, now = Date.now()): Promise<LiveTest | null> {
  if (!state.source) return null;
  if (now - state.loadedAt >= state.source.refreshMs) await refresh(now);
  return state.byPath.get(path) ?? null;
}

/**
 * The running test of a page as this instance last read it, without reading again: what the proxy step
 * and the page handler served a moment ago, so a variant's render (features/course-page/page-test-variant.ts)
 * agrees with the version they asked for. A draft or an ended test is never here.
 */
export function servedTestOf(path: string): LiveTest | null {
  return state.byPath.get(path) ?? null;
}

/** Forgets what was read (tests): the next look reads the database again. */
export function forgetLiveTests(): void {
  state.loadedAt = 0;
}
