/**
 * The first paint of a pre-rendered page, early and without a second round trip: the build step that
 * rewrites every pre-rendered page (scripts/first-paint.ts, part of `npm run build`).
 *
 * As Next.js writes a page, its head links the site's stylesheet and asks for the framework's chunks
 * (`<script async>` and a preload). On a phone's network the browser paints nothing before a head
 * stylesheet has arrived: one more round trip after the HTML, slower still as it shares the line with
 * the chunks. The rewritten page carries, inline in its head, only the rules its own elements use
 * (critical CSS, chosen by `beasties`), then asks for the chunks (all of them, the main one too, so
 * they start together as soon as the head has arrived), and links the whole stylesheet at the very end
 * of its body, holding nothing until the page is live (see `withoutBlocking`). The chunks stay in the
 * head because hydration waits for them: asked for only at the end of the body, they started a
 * transfer of the HTML later, and the page was live 0.15 s later on a throttled phone (median of 9;
 * the paint itself was 0.04 s earlier). React finds the stylesheet there when it hydrates (it looks
 * stylesheets up by their address) and does not load it again; what appears later (a pop-up, a form's
 * error) is styled by then. Everything else (the inline RSC payload the chunks hydrate from, the
 * `noModule` polyfill) stays byte for byte.
 *
 * The page is readable before it is live, so a small inline script at the top of the head also keeps
 * the visitor's presses: a button clicked before React has hydrated the page (lib/page-live.ts) is
 * remembered and clicked again once it has, instead of doing nothing. Links work without any script.
 */
import Beasties from 'beasties';
import postcss, { type Root } from 'postcss';
import { PAGE_LIVE_ATTRIBUTE } from '@/lib/page-live';

/** The longest a pressed button waits for React; after that it is pressed again anyway (the browser's own behaviour). */
export const PRESS_WAIT_MS = 15000;

/** How Next.js 16 writes a page's stylesheets, its chunks and the preload of its main chunk. */
const STYLESHEET_LINK = /<link rel="stylesheet" href="[^"]+" data-precedence="[^"]*"\/>/g;
const ASYNC_SCRIPT = /<script src="[^"]+" async=""><\/script>/g;
const SCRIPT_PRELOAD = /<link rel="preload" as="script" fetchPriority="low" href="[^"]+"\/>/g;
const STYLE_ELEMENT = /<style[^>]*>([\s\S]*?)<\/style>/g;
const REWRITTEN_MARK = 'data-critical';

/** Set on the stylesheet links moved to the end of the body until the page is live (see `withoutBlocking`). */
const UNTIL_LIVE_ATTRIBUTE = 'data-until-live';

/**
 * Presses before the page is live: held in the capture phase, ahead of any other listener, and
 * pressed again once it is, after the whole stylesheet has been turned to the screen (a held press
 * may open a dialog whose rules the page does not carry).
 */
const pressHolder =
  '<script data-press-holder="">(function(d){var r=d.documentElement,held=[],live=0;' +
  'function hold(e){var b=e.target.closest&&e.target.closest("button");if(!b||live)return;' +
  'e.preventDefault();e.stopImmediatePropagation();if(held.indexOf(b)<0)held.push(b)}' +
  'function goLive(){if(live)return;live=1;d.removeEventListener("click",hold,true);' +
  `d.querySelectorAll("link[${UNTIL_LIVE_ATTRIBUTE}]").forEach(function(l){l.media="all"});` +
  'held.splice(0).forEach(function(b){if(b.isConnected)b.click()})}' +
  'd.addEventListener("click",hold,true);' +
  `new MutationObserver(function(){if(r.hasAttribute("${PAGE_LIVE_ATTRIBUTE}"))goLive()}).observe(r,{attributes:true,attributeFilter:["${PAGE_LIVE_ATTRIBUTE}"]});` +
  `setTimeout(goLive,${PRESS_WAIT_MS})})(document)</script>`;

/**
 * A stylesheet link in the body holds the end of parsing until it has loaded, and Next.js finishes
 * hydrating only then (at `DOMContentLoaded`); once there, it restyles the whole page, on a phone's
 * slow processor, while the page is hydrating. A link for print loads at the lowest priority without
 * holding anything, and the press holder turns it to the screen once the page is live. Until then, and
 * without script, the page has the rules it carries, which style every element it has.
 */
function withoutBlocking(link: string): string {
  return link.replace(/\/>$/, ` media="print" ${UNTIL_LIVE_ATTRIBUTE}=""/>`);
}

/**
 * The framework's chunks and the whole stylesheet, asked for only once the page has painted. A small inline
 * script adds, when the browser reports the first contentful paint, the stylesheet links (for print, turned to
 * the screen once the page is live: see `withoutBlocking`) and then the chunks as `async` scripts. Nothing but
 * the HTML is on the line before the first frame: on a phone's network the chunks asked for from the head
 * shared it with the HTML and the first paint came later than the page's own copy without scripts (0.86 against
 * 0.61 s on a course page); and Lighthouse's simulation counts every request that finished before the largest
 * paint in its unthrottled load (images of low priority aside) into the simulated LCP, but only render-blocking
 * ones into the FCP, so the chunks and the stylesheet, which finished before the first frame on a fast network,
 * put its simulated LCP 0.5–0.9 s after its FCP although the `<h1>` painted once. React finds the stylesheet
 * links in the head when it hydrates (it looks stylesheets up by their address) and does not load them again.
 * A page whose first paint is never reported (a tab opened in the background paints nothing) runs them at
 * `DOMContentLoaded` or when it is hidden; one that has loaded without a reported paint, after its next frame.
 * Without script the stylesheet is linked for print only, in a `<noscript>` at the end of the body.
 */
export function chunksAfterFirstPaint(sources: string[], stylesheets: string[] = []): string {
  const runner =
    `<script ${CHUNK_RUNNER_ATTRIBUTE}="">(function(d,c,s){var ran=0;` +
    'function run(){if(ran)return;ran=1;var h=d.head;' +
    `s.forEach(function(u){var l=d.createElement("link");l.rel="stylesheet";l.href=u;l.media="print";l.setAttribute("data-precedence","next");l.setAttribute("${UNTIL_LIVE_ATTRIBUTE}","");h.appendChild(l)});` +
    'c.forEach(function(u){var e=d.createElement("script");e.src=u;e.async=true;h.appendChild(e)})}' +
    'function painted(){setTimeout(run,0)}' +
    'var P=window.PerformanceObserver;if(d.visibilityState!=="visible"||!P||!P.supportedEntryTypes||P.supportedEntryTypes.indexOf("paint")<0)d.addEventListener("DOMContentLoaded",run);' +
    'else try{new P(function(l){if(l.getEntriesByName("first-contentful-paint").length)painted()}).observe({type:"paint",buffered:true})}catch(x){d.addEventListener("DOMContentLoaded",run)}' +
    'd.addEventListener("visibilitychange",function(){if(d.visibilityState!=="visible")run()});' +
    'addEventListener("load",function(){requestAnimationFrame(painted)})' +
    `})(document,${inlineJson(sources)},${inlineJson(stylesheets)})</script>`;
  return runner;
}

const inlineJson = (value: string[]) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The id given to the element the first paint waits for (`withFirstScreenWhole`). */
export const FIRST_SCREEN_END_ID = 'first-screen-end';
const PARAGRAPH_START = /<p(?=[\s>])[^>]*>/g;
const ELEMENT_START = /<[a-zA-Z][^>]*>/g;

/**
 * The first frame shows the whole first screen, never a part of it. Chromium paints as soon as its
 * parser yields: on a throttled phone the first frame now and then held only the header and the headline,
 * and the lead paragraph under it, larger, painted a frame later and became the page's largest paint
 * (0.05–0.1 s after the first). A `<link rel="expect" blocking="render">` in the head holds rendering until
 * the element it names has been inserted, and Chromium lets the frame through then even when that element's
 * text has not all arrived: so it names the element that starts after the first screen's paragraph ends (given
 * an id when it has none), and that paragraph is whole in the first frame. The first screen's paragraph is the
 * first after the page's heading block: the `<header>` the `<h1>` stands in (an article's rubric, headline, lead
 * and byline; so on an article the start of its text, the first screen's largest paragraph), or else the `<h1>`
 * and the lead paragraph under it. Naming the paragraph itself, an article painted its byline and then, 0.2 s
 * later, its first paragraph in 2 of 6 throttled loads; naming the element after it, in 0 of 10. A page without
 * an `<h1>` in its `<main>` is left as it is. The id is an attribute React does not render; hydration leaves it
 * alone.
 */
export function withFirstScreenWhole(html: string): string {
  const main = html.indexOf('<main');
  const headline = main < 0 ? -1 : html.indexOf('</h1>', main);
  if (headline < 0) return html;
  const beforeHeadline = html.slice(main, headline);
  const inHeader = beforeHeadline.lastIndexOf('<header') > beforeHeadline.lastIndexOf('</header>');
  const headerEnd = inHeader ? html.indexOf('</header>', headline) : -1;
  PARAGRAPH_START.lastIndex = headerEnd >= 0 ? headerEnd : headline;
  // Outside a header the lead paragraph under the headline belongs to the heading block: skip it.
  if (headerEnd < 0) PARAGRAPH_START.exec(html);
  const paragraph = PARAGRAPH_START.exec(html);
  const paragraphEnd = paragraph ? html.indexOf('</p>', paragraph.index) : -1;
  if (paragraphEnd < 0) return html;
  ELEMENT_START.lastIndex = paragraphEnd;
  const next = ELEMENT_START.exec(html);
  if (!next) return html;
  const existing = /\sid="([^"]+)"/.exec(next[0]);
  const id = existing?.[1] ?? FIRST_SCREEN_END_ID;
  const tag = existing ? next[0] : next[0].replace(/^<([a-zA-Z][a-zA-Z0-9-]*)/, `<$1 id="${FIRST_SCREEN_END_ID}"`);
  const withId = html.slice(0, next.index) + tag + html.slice(next.index + next[0].length);
  const critical = withId.indexOf(`<style ${REWRITTEN_MARK}`);
  return withId.slice(0, critical) + `<link rel="expect" href="#${id}" blocking="render"/>` + withId.slice(critical);
}

/** Marks the inline script that runs the chunks after the first paint (`chunksAfterFirstPaint`). */
export const CHUNK_RUNNER_ATTRIBUTE = 'data-chunks-after-paint';

export type FirstPaintResult = { html: string; skipped?: 'already rewritten' | 'no stylesheet' | 'no </body>' };

/** Whether `html` is a page `npm run build` rewrote (a file of the build), not one as Next.js renders it. */
export function hasBuildFirstPaint(html: string): boolean {
  return html.includes(`<style ${REWRITTEN_MARK}`);
}

/**
 * Rewrites one pre-rendered page, given the rules it uses (`criticalCss`): where its first stylesheet
 * link was, the press holder, those rules and the chunks (in their order, the chunk preload dropped as
 * the chunk itself now comes with them); the stylesheets, turned to print until live, at the end of the body.
 */
export function firstPaint(html: string, criticalCss: string): FirstPaintResult {
  if (html.includes(REWRITTEN_MARK)) return { html, skipped: 'already rewritten' };
  const links = html.match(STYLESHEET_LINK) ?? [];
  if (links.length === 0) return { html, skipped: 'no stylesheet' };
  if (html.lastIndexOf('</body>') < 0) return { html, skipped: 'no </body>' };
  const chunks = [...new Set(html.match(ASYNC_SCRIPT) ?? [])].map((tag) => tag.match(/src="([^"]+)"/)![1]!);
  const firstLink = html.indexOf(links[0]!);
  const withoutMoved = (part: string) => part.replace(STYLESHEET_LINK, '').replace(ASYNC_SCRIPT, '').replace(SCRIPT_PRELOAD, '');
  const stylesheets = links.map((link) => link.match(/href="([^"]+)"/)![1]!);
  const page =
    withoutMoved(html.slice(0, firstLink)) +
    `${pressHolder}<style ${REWRITTEN_MARK}="">${criticalCss}</style>${chunksAfterFirstPaint(chunks, stylesheets)}` +
    withoutMoved(html.slice(firstLink));
  const bodyEnd = page.lastIndexOf('</body>');
  return { html: withFirstScreenWhole(page.slice(0, bodyEnd) + `<noscript>${links.map(withoutBlocking).join('')}</noscript>` + page.slice(bodyEnd)) };
}

/** How beasties reduces a selector to the part it can look up in the page (a method its types leave out). */
type SelectorNormalizer = { normalizeCssSelector(selector: string): string };

/**
 * Beasties that keeps every rule an element of the page uses. Beasties looks a rule's selector up in the
 * page after removing each pseudo-class with its argument (to keep `.card:hover` with `.card`), which
 * loses two kinds of rule:
 * - a selector that is one `:where(…)` or `:is(…)` is removed whole. Tailwind writes every `space-y-*`,
 *   `space-x-*` and `divide-*` so (`:where(.space-y-2>:not(:last-child))`), and `group-hover:` as
 *   `:is(:where(.group):hover …)`;
 * - a pseudo-class that stands for an element leaves a combinator with nothing before it:
 *   `.prose-article :not(pre)>code` became `.prose-article >code`, the code of a paragraph not a child.
 * The first paint had no gaps in its lists and plain inline code; when the whole stylesheet arrived, the
 * footer's links moved 26–42 px down under a finger or a click already on its way, and an article's lines
 * rewrapped. Given `lookupSelectors` instead, beasties looks such a rule up like any other.
 * `server/build/first-paint.test.ts` fails if beasties stops asking this method, and e2e/lazy-widgets.spec.ts
 * if a page moves when its whole stylesheet arrives.
 */
class WholeRulesBeasties extends Beasties {
  /** By selector, worked out once for all pages (as beasties keeps its own). */
  readonly #lookups = new Map<string, string>();

  normalizeCssSelector(selector: string): string {
    let lookup = this.#lookups.get(selector);
    if (lookup === undefined) {
      // One selector at a time: beasties removes a pseudo-class up to the last `)` it sees.
      const normalize = (one: string) => (Beasties.prototype as unknown as SelectorNormalizer).normalizeCssSelector.call(this, one);
      lookup = lookupSelectors(selector).map(normalize).filter(Boolean).join(',');
      this.#lookups.set(selector, lookup);
    }
    return lookup;
  }
}

/** A pseudo-class or pseudo-element that starts a compound of a selector, where it stands for any element. */
const LONE_PSEUDO = /(^|[\s>+~])(?=::?[a-z])/gi;

/**
 * The selectors that find the elements `selector` finds, in a form beasties can reduce one pseudo-class at
 * a time: each `:is(…)`/`:where(…)` unwrapped (`unwrappedSelectors`), a lone pseudo-class given the `*` it
 * stands on (`:not(pre)>code` becomes `*:not(pre)>code`).
 */
export function lookupSelectors(selector: string): string[] {
  return unwrappedSelectors(selector).map((one) => one.replace(LONE_PSEUDO, '$1*'));
}

/** `:is(` or `:where(`, where a selector's unescaped, unquoted `:` starts it. */
const WRAPPER = /^:(?:is|where)\(/i;

/**
 * The selector with each `:is(…)` and `:where(…)` replaced by what it holds, a list in it spread over
 * copies of the selector (`:is(.a ul,.a ol)>li` becomes `.a ul>li` and `.a ol>li`): the same elements.
 */
export function unwrappedSelectors(selector: string): string[] {
  const start = [...unquotedCharacters(selector)].find(({ index, char }) => char === ':' && WRAPPER.test(selector.slice(index)))?.index;
  if (start === undefined) return [selector];
  const open = selector.indexOf('(', start) + 1;
  const close = closingParenthesis(selector, open);
  if (close < 0) return [selector];
  const before = selector.slice(0, start);
  const after = selector.slice(close + 1);
  return topLevelParts(selector.slice(open, close)).flatMap((part) => unwrappedSelectors(before + part.trim() + after));
}

/** A selector's characters outside escapes and quotes, each with how deep in parentheses or brackets it stands. */
function* unquotedCharacters(text: string, from = 0): Generator<{ index: number; char: string; depth: number }> {
  let depth = 0;
  let quote = '';
  for (let index = from; index < text.length; index++) {
    const char = text[index]!;
    if (char === '\\') index++;
    else if (quote) quote = char === quote ? '' : quote;
    else if (char === '"' || char === "'") quote = char;
    else {
      if (char === ')' || char === ']') depth--;
      yield { index, char, depth };
      if (char === '(' || char === '[') depth++;
    }
  }
}

/** Where the parenthesis whose inside starts at `from` closes, or -1. */
function closingParenthesis(selector: string, from: number): number {
  for (const { index, char, depth } of unquotedCharacters(selector, from)) if (char === ')' && depth < 0) return index;
  return -1;
}

/** A selector list split at its own commas, not at those inside parentheses, brackets or quotes. */
function topLevelParts(list: string): string[] {
  const commas = [...unquotedCharacters(list)].filter(({ char, depth }) => char === ',' && depth === 0).map(({ index }) => index);
  return [-1, ...commas].map((comma, at) => list.slice(comma + 1, commas[at] ?? list.length));
}

/**
 * Reads the rules of a page's stylesheets that its elements use, minified (`beasties`: selectors
 * matched against the page, pseudo-classes such as `:hover` kept with the element they style, the
 * keyframes those rules run), without the custom properties nothing on the page reads. `staticFolder`
 * is the build's `static` folder, which `/_next/static/` addresses; the stylesheets are read and
 * parsed once for all pages.
 */
export function criticalCssReader(staticFolder: string): (html: string) => Promise<string> {
  const beasties = new WholeRulesBeasties({
    path: staticFolder,
    publicPath: '/_next/static/',
    pruneSource: false,
    compress: true,
    fonts: false,
    reduceInlineStyles: false,
    logLevel: 'warn',
  });
  return async (html) => {
    const before = new Set([...html.matchAll(STYLE_ELEMENT)].map((match) => match[1]));
    const after = [...(await beasties.process(html)).matchAll(STYLE_ELEMENT)].map((match) => match[1]!);
    const rules = after.filter((css) => !before.has(css)).join('');
    return withoutUnreadProperties(rules, html);
  };
}

const VAR_REFERENCE = /var\(\s*(--[\w-]+)/g;

/**
 * The rules without the custom properties that neither they nor the page's own `style` attributes
 * read, directly or through another property: the stylesheet defines every colour of the theme and
 * registers (`@property`) every variable any utility of the site uses, and most of them serve other
 * pages. Rules and blocks left empty go too.
 */
export function withoutUnreadProperties(css: string, html: string): string {
  const root: Root = postcss.parse(css);
  const definitions = new Map<string, string[]>();
  const read = new Set([...html.replace(STYLE_ELEMENT, '').matchAll(VAR_REFERENCE)].map((match) => match[1]!));
  root.walkDecls((decl) => {
    const references = [...decl.value.matchAll(VAR_REFERENCE)].map((match) => match[1]!);
    if (decl.prop.startsWith('--')) definitions.set(decl.prop, [...(definitions.get(decl.prop) ?? []), ...references]);
    else for (const name of references) read.add(name);
  });
  // A property read is read through: what its value reads is read too.
  const pending = [...read];
  while (pending.length > 0) {
    for (const name of definitions.get(pending.pop()!) ?? []) {
      if (read.has(name)) continue;
      read.add(name);
      pending.push(name);
    }
  }
  root.walkDecls((decl) => {
    if (decl.prop.startsWith('--') && !read.has(decl.prop)) decl.remove();
  });
  root.walkAtRules('property', (rule) => {
    if (!read.has(rule.params.trim())) rule.remove();
  });
  const removeEmpty = () => {
    let removed = false;
    root.walk((node) => {
      if ((node.type === 'rule' || node.type === 'atrule') && node.nodes?.length === 0) {
        node.remove();
        removed = true;
      }
    });
    return removed;
  };
  while (removeEmpty());
  return root.toString();
}
