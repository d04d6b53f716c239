/**
 * Paint first, then load the framework: the build step that rewrites every pre-rendered page
 * (scripts/paint-first.ts, part of `npm run build`).
 *
 * Next.js puts its chunks into the page as `<script async>` tags and one `<link rel="preload">`; on a
 * phone they download alongside the stylesheet and, once there, run before the first paint, so the
 * visitor waits for the framework before seeing any text. Our pages need no script to be read (the
 * widgets load later by design), so the rewritten page asks for the chunks only once it has painted:
 * the tags and the preload leave the HTML, and a small inline loader adds the same scripts, in the
 * same order, when the browser reports the first paint (or after PAINT_WAIT_MS, for a tab that never
 * paints, e.g. one opened in the background). Everything else (the inline RSC payload the chunks
 * hydrate from, the `noModule` polyfill, the stylesheet) stays byte for byte.
 *
 * The page is readable before it is live, so the loader also keeps the visitor's presses: a button
 * clicked before React has hydrated the page (lib/page-live.ts) is remembered and clicked again once it
 * has, instead of doing nothing. Links work without any script and are left alone.
 */
import { PAGE_LIVE_ATTRIBUTE } from '@/lib/page-live';

/** The longest a page waits for its first paint before it loads the framework anyway. */
export const PAINT_WAIT_MS = 2500;
/** The longest a pressed button waits for React; after that it is pressed again anyway (the browser's own behaviour). */
export const PRESS_WAIT_MS = 15000;

const ASYNC_SCRIPT = /<script src="([^"]+)" async=""><\/script>/g;
const SCRIPT_PRELOAD = /<link rel="preload" as="script" fetchPriority="low" href="[^"]+"\/>/g;

/**
 * The loader. `new PerformanceObserver(...).observe({ type: 'paint', buffered: true })` reports the
 * first paint even when it happened before this line ran; a browser without paint timing loads at once.
 */
function paintFirstLoader(sources: readonly string[]): string {
  return (
    '<script data-paint-first="">(function(d,s){var r=d.documentElement,held=[],live=0,started=0;' +
    // Presses before the page is live: held (capture phase, ahead of any other listener), pressed again later.
    'function hold(e){var b=e.target.closest&&e.target.closest("button");if(!b||live)return;' +
    'e.preventDefault();e.stopImmediatePropagation();if(held.indexOf(b)<0)held.push(b)}' +
    'function goLive(){if(live)return;live=1;d.removeEventListener("click",hold,true);' +
    'held.splice(0).forEach(function(b){if(b.isConnected)b.click()})}' +
    'd.addEventListener("click",hold,true);' +
    `new MutationObserver(function(){if(r.hasAttribute("${PAGE_LIVE_ATTRIBUTE}"))goLive()}).observe(r,{attributes:true,attributeFilter:["${PAGE_LIVE_ATTRIBUTE}"]});` +
    `setTimeout(goLive,${PRESS_WAIT_MS});` +
    // The framework after the first paint.
    'function load(){if(started)return;started=1;' +
    's.forEach(function(u){var e=d.createElement("script");e.src=u;e.async=true;d.head.appendChild(e)})}' +
    'if(!window.PerformanceObserver||(PerformanceObserver.supportedEntryTypes||[]).indexOf("paint")<0)return load();' +
    'new PerformanceObserver(function(l){if(l.getEntries().length)load()}).observe({type:"paint",buffered:true});' +
    `setTimeout(load,${PAINT_WAIT_MS})})(document,${JSON.stringify(sources).replace(/</g, '\\u003c')})</script>`
  );
}

export type PaintFirstResult = { html: string; scripts: string[] } | { html: string; scripts: []; skipped: 'already rewritten' | 'no framework scripts' | 'no </body>' };

/** Rewrites one pre-rendered page; a page without framework scripts (or already rewritten) is returned as it is. */
export function paintFirst(html: string): PaintFirstResult {
  if (html.includes('data-paint-first')) return { html, scripts: [], skipped: 'already rewritten' };
  const scripts: string[] = [];
  let rewritten = html.replace(ASYNC_SCRIPT, (_tag, src: string) => {
    if (!scripts.includes(src)) scripts.push(src);
    return '';
  });
  if (scripts.length === 0) return { html, scripts: [], skipped: 'no framework scripts' };
  rewritten = rewritten.replace(SCRIPT_PRELOAD, '');
  const bodyEnd = rewritten.lastIndexOf('</body>');
  if (bodyEnd < 0) return { html, scripts: [], skipped: 'no </body>' };
  return { html: rewritten.slice(0, bodyEnd) + paintFirstLoader(scripts) + rewritten.slice(bodyEnd), scripts };
}
