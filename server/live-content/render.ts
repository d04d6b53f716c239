/**
 * A site page with the console's content, as a visitor gets it. The instance asks itself for the page's
 * own route in Next.js's Draft Mode (the build's preview cookie, which only the build and the instance
 * know): Next.js then renders the pre-rendered route on request, and the route's content accessors read
 * the console's content (content/live/state.ts). The page then gets the build's first-paint rules
 * (server/build/served-render.ts). One render a page and generation of the content, kept in this
 * instance's memory until the content changes: a visitor after the first gets it from memory, as fast
 * as a page from the build.
 */
import fs from 'node:fs';
import path from 'node:path';
import { liveContent } from '@/content/live/state';
import { ownOrigin } from '../build/own-origin';
import { distDir, withBuildFirstPaint } from '../build/served-render';
import { renderToken } from '../page-tests/live';
import { RENDER_TOKEN_HEADER } from '../page-tests/serving';

export interface RenderedPage {
  status: number;
  html: string;
}

const MAX_KEPT = 400;

interface RenderState {
  generation: string;
  pages: Map<string, Promise<RenderedPage>>;
  previewCookie?: string;
}
const stateKey = Symbol.for('school-site.live-page-renders');
const state: RenderState = ((globalThis as Record<symbol, RenderState | undefined>)[stateKey] ??= { generation: '', pages: new Map() });

/** Next.js's Draft Mode cookie of this build (`__prerender_bypass`, its value the build's preview id). */
export function previewCookie(): string {
  state.previewCookie ??= `__prerender_bypass=${(JSON.parse(fs.readFileSync(path.join(distDir(), 'prerender-manifest.json'), 'utf8')) as { preview: { previewModeId: string } }).preview.previewModeId}`;
  return state.previewCookie;
}

async function render(pagePath: string): Promise<RenderedPage> {
  const response = await fetch(ownOrigin() + pagePath, {
    headers: { [RENDER_TOKEN_HEADER]: renderToken(), cookie: previewCookie(), 'accept-encoding': 'identity' },
    redirect: 'manual',
    signal: AbortSignal.timeout(20_000),
  });
  const html = await response.text();
  if (response.status !== 200 && response.status !== 404) throw new Error(`live page render answered ${response.status}`);
  return { status: response.status, html: await withBuildFirstPaint(html, 'live_page.first_paint_failed') };
}

/** The page's HTML with the content in effect, rendered once a generation and kept. */
export function livePage(pagePath: string): Promise<RenderedPage> {
  const generation = liveContent().generation;
  if (generation !== state.generation) {
    state.generation = generation;
    state.pages.clear();
  }
  const kept = state.pages.get(pagePath);
  if (kept) return kept;
  const page = render(pagePath);
  state.pages.set(pagePath, page);
  // A failed render is not kept: the next visitor asks again.
  page.catch(() => state.pages.delete(pagePath));
  while (state.pages.size > MAX_KEPT) state.pages.delete(state.pages.keys().next().value!);
  return page;
}
