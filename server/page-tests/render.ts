/**
 * A variant's HTML as the visitor gets it: the instance asks itself for the variant's render (an
 * internal page rendered from the database, app/(site)/page-test-render), then gives it the same
 * first-paint treatment as `npm run build` gives every pre-rendered page (server/build/first-paint.ts:
 * its rules inline, the stylesheet last), so a variant paints as early as the original. One render a
 * test version, variant and page, kept in this instance's memory (a console edit is a new version).
 */
import { liveContent } from '@/content/live/state';
import { ownOrigin } from '../build/own-origin';
import { withBuildFirstPaint } from '../build/served-render';
import { renderToken } from './live';
import { RENDER_TOKEN_HEADER, renderPath } from './serving';

const MAX_KEPT = 64;
const KEEP_MS = 10 * 60_000;

interface RenderState {
  pages: Map<string, { at: number; html: Promise<string> }>;
}
const stateKey = Symbol.for('school-site.page-test-renders');
const state: RenderState = ((globalThis as Record<symbol, RenderState | undefined>)[stateKey] ??= { pages: new Map() });

/**
 * The render's HTML at the page's own address: Next.js writes the address it rendered (the internal one)
 * into the inline payload as the page's canonical URL segments, and the client router would put that into
 * the address bar as it hydrates. They become the page's own, so the visitor stays at the address they
 * asked for (the segments appear as plain JSON and, inside the payload's script strings, escaped).
 */
export function atPublicAddress(html: string, internalPath: string, publicPath: string): string {
  const internal = JSON.stringify(internalPath.split('/'));
  const own = JSON.stringify(publicPath.split('/'));
  const escaped = (json: string) => JSON.stringify(json).slice(1, -1);
  return html.replaceAll(`"c":${internal}`, `"c":${own}`).replaceAll(escaped(`"c":${internal}`), escaped(`"c":${own}`));
}

async function render(test: { id: string; version: number }, variant: number, pagePath: string): Promise<string> {
  const internalPath = renderPath(test, variant, pagePath);
  const response = await fetch(ownOrigin() + internalPath, {
    headers: { [RENDER_TOKEN_HEADER]: renderToken(), 'accept-encoding': 'identity' },
    signal: AbortSignal.timeout(20_000),
  });
  if (!response.ok) throw new Error(`page-test render answered ${response.status}`);
  return withBuildFirstPaint(atPublicAddress(await response.text(), internalPath, pagePath), 'page_test.first_paint_failed');
}

/** The HTML of a test version's variant of a page, rendered once and kept. */
export function variantHtml(test: { id: string; version: number }, variant: number, pagePath: string, now = Date.now()): Promise<string> {
  // The console's content (a price) is part of a variant's page too: a new generation is a new render.
  const key = `${test.id}:${test.version}:${variant}:${pagePath}:${liveContent().generation}`;
  const kept = state.pages.get(key);
  if (kept && now - kept.at < KEEP_MS) return kept.html;
  const html = render(test, variant, pagePath);
  state.pages.set(key, { at: now, html });
  // A failed render is not kept: the next visitor asks again.
  html.catch(() => state.pages.delete(key));
  while (state.pages.size > MAX_KEPT) state.pages.delete(state.pages.keys().next().value!);
  return html;
}
