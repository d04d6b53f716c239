import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { PAGE_LIVE_ATTRIBUTE } from '@/lib/page-live';
import {
  FIRST_SCREEN_END_ID,
  PRESS_WAIT_MS,
  criticalCssReader,
  firstPaint,
  hasBuildFirstPaint,
  lookupSelectors,
  unwrappedSelectors,
  withoutUnreadProperties,
} from './first-paint';

/** The shape Next.js 16 gives a pre-rendered page (trimmed): stylesheet and chunks in the head, the main chunk in the body. */
const stylesheet = '<link rel="stylesheet" href="/_next/static/chunks/site.css" data-precedence="next"/>';
const chunks = ['a.js', 'b.js', 'main.js'].map((name) => `<script src="/_next/static/chunks/${name}" async=""></script>`);
const page =
  '<!DOCTYPE html><html lang="ru"><head><meta charSet="utf-8"/>' +
  stylesheet +
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/main.js"/>' +
  chunks[0] +
  chunks[1] +
  '<title>Медиа</title><script src="/_next/static/chunks/polyfills.js" noModule=""></script></head>' +
  '<body><main id="main"><h1 class="title">Медиа</h1><p class="lead">Статьи</p><p>Первая</p><p>Вторая</p></main><script id="_R_">(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push({});</script>' +
  chunks[2] +
  '<script>self.__next_f.push([1,"x"])</script></body></html>';

describe('firstPaint', () => {
  const { html } = firstPaint(page, '.title{color:red}');
  const head = html.slice(0, html.indexOf('</head>'));

  const sources = ['a.js', 'b.js', 'main.js'].map((name) => `/_next/static/chunks/${name}`);

  it('puts in the head where the stylesheet was, after the press holder, the page’s own rules and the script that asks for the stylesheet and the chunks after the first paint; nothing else is asked for before it', () => {
    expect(head).toMatch(
      /^<!DOCTYPE html><html lang="ru"><head><meta charSet="utf-8"\/><script data-press-holder="">.+<\/script><link rel="expect"[^>]*\/><style data-critical="">/,
    );
    expect(head).toContain(`<style data-critical="">.title{color:red}</style><script data-chunks-after-paint="">`);
    expect(html).not.toContain('rel="preload"');
    expect(head).not.toMatch(/<link rel="stylesheet"/);
    expect(html).not.toMatch(/<script src="[^"]+" async=""><\/script>/);
    expect(html).not.toContain('fetchPriority="low"');
    for (const src of sources) expect(html.split(`"${src}"`)).toHaveLength(2);
  });

  it('holds the first frame until the paragraph after the headline’s lead is whole: until the element after it is parsed', () => {
    expect(head).toContain(`<link rel="expect" href="#${FIRST_SCREEN_END_ID}" blocking="render"/>`);
    expect(html).toContain(`<p class="lead">Статьи</p><p>Первая</p><p id="${FIRST_SCREEN_END_ID}">Вторая</p>`);
    const named = firstPaint(page.replace('<p>Вторая</p>', '<p id="intro">Вторая</p>'), '').html;
    expect(named).toContain('<link rel="expect" href="#intro" blocking="render"/>');
    expect(named).not.toContain(FIRST_SCREEN_END_ID);
    expect(firstPaint(page.replace('<h1 class="title">Медиа</h1>', ''), '').html).not.toContain('rel="expect"');
  });

  it('in a page whose headline stands in a header (an article’s rubric, headline, lead and byline), holds it until the first paragraph after that header is whole', () => {
    const article = page.replace(
      /<h1 class="title">Медиа<\/h1><p class="lead">Статьи<\/p>/,
      '<header><h1 class="title">Медиа</h1><p class="lead">Статьи</p><div><p>Автор</p><p>5 минут чтения</p></div></header>',
    );
    expect(article).toContain('<header>');
    expect(firstPaint(article, '').html).toContain(`</header><p>Первая</p><p id="${FIRST_SCREEN_END_ID}">Вторая</p>`);
    const thenHeading = firstPaint(article.replace('<p>Вторая</p>', '<h2>Шаг 1</h2>'), '').html;
    expect(thenHeading).toContain(`<p>Первая</p><h2 id="${FIRST_SCREEN_END_ID}">Шаг 1</h2>`);
  });

  const printFirst = `<link rel="stylesheet" href="/_next/static/chunks/site.css" data-precedence="next" media="print" data-until-live=""/>`;

  it('links the stylesheet for print at the very end of the body only where there is no script', () => {
    expect(html.match(/<link rel="stylesheet"[^>]*>/g)).toEqual([printFirst]);
    expect(html.endsWith(`<script>self.__next_f.push([1,"x"])</script><noscript>${printFirst}</noscript></body></html>`)).toBe(true);
  });

  it('keeps everything else byte for byte: the polyfill, the RSC payload, the content', () => {
    for (const kept of [
      '<script src="/_next/static/chunks/polyfills.js" noModule=""></script>',
      '<script id="_R_">(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push({});</script>',
      '<script>self.__next_f.push([1,"x"])</script>',
      '<h1 class="title">Медиа</h1><p class="lead">Статьи</p>',
    ]) {
      expect(html).toContain(kept);
    }
  });

  it('leaves a page alone when it links no stylesheet or was rewritten already', () => {
    expect(firstPaint('<html><body>plain</body></html>', '')).toMatchObject({ skipped: 'no stylesheet' });
    expect(firstPaint(html, '.title{color:red}')).toEqual({ html, skipped: 'already rewritten' });
  });

  it('tells a rewritten page (a file of the build) from one as Next.js renders it (the self-check’s sign of a render on request)', () => {
    expect(hasBuildFirstPaint(html)).toBe(true);
    expect(hasBuildFirstPaint(page)).toBe(false);
  });
});

describe('criticalCssReader', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'first-paint-'));
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

  /** The rules `criticalCssReader` picks for `html` from the stylesheet `css`, written into a folder of its own under the build's `static`. */
  async function criticalCss(name: string, css: string, html: string) {
    fs.mkdirSync(path.join(folder, name));
    fs.writeFileSync(path.join(folder, name, 'site.css'), css);
    return criticalCssReader(folder)(html.replace('/_next/static/chunks/site.css', `/_next/static/${name}/site.css`));
  }

  it('keeps the rules the page’s elements use (with their hover states and the keyframes they run) and drops the rest', async () => {
    const css = await criticalCss(
      'chunks',
      '.title { color: red } .title:hover { color: blue } .lead { animation: fade 1s } @keyframes fade { from { opacity: 0 } }\n' +
        '.dialog { position: fixed } @keyframes spin { to { rotate: 1turn } } @media (min-width: 768px) { .lead { font-size: 2rem } .dialog { inset: 0 } }',
      page,
    );
    expect(css).toContain('.title{color:red}');
    expect(css).toContain('.title:hover{color:blue}');
    expect(css).toContain('@keyframes fade');
    expect(css).toContain('@media (min-width: 768px) {.lead{font-size:2rem}}');
    expect(css).not.toContain('.dialog');
    expect(css).not.toContain('spin');
  });

  it('keeps the rules Tailwind wraps whole in :where() or :is(), and those whose compound is a pseudo-class, when the page has their elements, and only then', async () => {
    const css = await criticalCss(
      'wrapped',
      ':where(.space-y-2>:not(:last-child)){margin-block-end:.5rem}:where(.space-y-4>:not(:last-child)){margin-block-end:1rem}' +
        ':is(:where(.group):hover .group-hover\\:underline){text-decoration-line:underline}' +
        ':where(:is(.prose ul,.prose ol)>:not(:last-child)){margin-block-end:.25rem}:where(.divide-y>:not(:last-child)){border-bottom-width:1px}' +
        '.prose :not(pre)>code{padding:2px}.prose :not(pre)>kbd{padding:3px}',
      page.replace(
        '<p>Вторая</p>',
        '<ul class="space-y-2"><li>Раз</li><li>Два</li></ul><a class="group"><span class="group-hover:underline">Курс</span></a><div class="prose"><ol><li>Шаг <code>npm</code></li></ol></div>',
      ),
    );
    expect(css).toContain(':where(.space-y-2>:not(:last-child)){margin-block-end:.5rem}');
    expect(css).toContain(':is(:where(.group):hover .group-hover\\:underline)');
    expect(css).toContain(':where(:is(.prose ul,.prose ol)>:not(:last-child))');
    expect(css).toContain('.prose :not(pre)>code{padding:2px}');
    expect(css).not.toContain('space-y-4');
    expect(css).not.toContain('divide-y');
    expect(css).not.toContain('kbd');
  });
});

describe('lookupSelectors', () => {
  it('gives a pseudo-class that starts a compound the * it stands for, after unwrapping', () => {
    expect(lookupSelectors('.prose :not(pre)>code')).toEqual(['.prose *:not(pre)>code']);
    expect(lookupSelectors(':where(.space-y-2>:not(:last-child))')).toEqual(['.space-y-2>*:not(:last-child)']);
    expect(lookupSelectors('.a ::before')).toEqual(['.a *::before']);
    expect(lookupSelectors('.card:hover .group-hover\\:x')).toEqual(['.card:hover .group-hover\\:x']);
  });
});

describe('unwrappedSelectors', () => {
  it('replaces each :is() and :where() by what it holds, a list spread over copies of the selector', () => {
    expect(unwrappedSelectors(':where(.space-y-2>:not(:last-child))')).toEqual(['.space-y-2>:not(:last-child)']);
    expect(unwrappedSelectors(':is(:where(.group):hover .group-hover\\:x)')).toEqual(['.group:hover .group-hover\\:x']);
    expect(unwrappedSelectors(':where(:is(.a ul,.a ol)>:not(:last-child))')).toEqual(['.a ul>:not(:last-child)', '.a ol>:not(:last-child)']);
    expect(unwrappedSelectors(':where(select:is([multiple],[size])) optgroup')).toEqual(['select[multiple] optgroup', 'select[size] optgroup']);
  });

  it('leaves alone what is not a wrapper: escaped colons, other pseudo-classes, parentheses inside quotes or escapes', () => {
    for (const selector of ['.md\\:is\\(x\\)', '.card:hover', 'li:not(:last-child)', '.w-\\[calc\\(1px\\)\\]', 'a[title=":is("]', 'a[title=":is(x)"]']) {
      expect(unwrappedSelectors(selector)).toEqual([selector]);
    }
    expect(unwrappedSelectors(':is([title=")"],.b) p')).toEqual(['[title=")"] p', '.b p']);
  });
});

describe('withoutUnreadProperties', () => {
  const css =
    ':root{--color-blue:#00f;--color-red:#f00;--color-shade:var(--color-blue);--spacing:.25rem;--unused-chain:var(--color-red)}' +
    '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}@property --tw-rotate{syntax:"*";inherits:false}' +
    '.card{box-shadow:var(--tw-shadow);color:var(--color-shade)}' +
    '@supports (color:lab(0% 0 0)){:root{--color-red:lab(50% 80 60)}}@layer theme, base;';

  it('keeps the properties the rules read, directly or through another property, and the ones the page’s style attributes read', () => {
    const kept = withoutUnreadProperties(css, '<div style="margin:calc(var(--spacing) * 4)"></div>');
    expect(kept).toBe(
      ':root{--color-blue:#00f;--color-shade:var(--color-blue);--spacing:.25rem}' +
        '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}' +
        '.card{box-shadow:var(--tw-shadow);color:var(--color-shade)}@layer theme, base;',
    );
  });

  it('drops an unread property and the rules and blocks it leaves empty', () => {
    expect(withoutUnreadProperties(':root{--a:1}@supports (color:lab(0% 0 0)){:root{--a:2}}.x{color:red}', '')).toBe('.x{color:red}');
  });
});

/** A button or a link as the press holder sees it: `closest("button")` and `click()`. */
function element(kind: 'button' | 'a', onClick: () => void = () => {}) {
  const node = {
    clicks: 0,
    isConnected: true,
    closest: (selector: string) => (selector === kind ? node : null),
    click: () => {
      node.clicks++;
      onClick();
    },
  };
  return node;
}

/** A click event as the press holder sees it, recording what it did with the event. */
function clickOn(target: ReturnType<typeof element>) {
  return {
    target,
    prevented: false,
    stopped: false,
    preventDefault() {
      this.prevented = true;
    },
    stopImmediatePropagation() {
      this.stopped = true;
    },
  };
}

/** Runs the page's press holder against a minimal browser: its click listener, its live observer and its timer. */
function runPressHolder() {
  const timers = new Map<number, (() => void)[]>();
  let onLive: (() => void) | undefined;
  let clickListener: ((event: ReturnType<typeof clickOn>) => void) | undefined;
  const attributes = new Set<string>();
  class FakeMutationObserver {
    constructor(callback: () => void) {
      onLive = callback;
    }
    observe(_target: unknown, init: { attributes: boolean; attributeFilter: string[] }) {
      expect(init).toEqual({ attributes: true, attributeFilter: [PAGE_LIVE_ATTRIBUTE] });
    }
  }
  const stylesheet = { media: 'print' };
  const document = {
    documentElement: { hasAttribute: (name: string) => attributes.has(name) },
    querySelectorAll: (selector: string) => (selector === 'link[data-until-live]' ? [stylesheet] : []),
    addEventListener: (type: string, listener: typeof clickListener, capture: boolean) => {
      expect([type, capture]).toEqual(['click', true]);
      clickListener = listener;
    },
    removeEventListener: (_type: string, listener: typeof clickListener) => {
      if (listener === clickListener) clickListener = undefined;
    },
  };
  const script = firstPaint(page, '').html.match(/<script data-press-holder="">(.*?)<\/script>/)![1]!;
  vm.runInNewContext(script, {
    document,
    MutationObserver: FakeMutationObserver,
    setTimeout: (callback: () => void, ms: number) => timers.set(ms, [...(timers.get(ms) ?? []), callback]),
  });
  return {
    stylesheet,
    waitFor: (ms: number) => timers.get(ms)?.forEach((timer) => timer()),
    click: (target: ReturnType<typeof element>) => {
      const event = clickOn(target);
      clickListener?.(event);
      return event;
    },
    goLive: () => {
      attributes.add(PAGE_LIVE_ATTRIBUTE);
      onLive?.();
    },
  };
}

describe('the press holder', () => {
  it('holds a button pressed before the page is live and presses it once when it is, the whole stylesheet turned to the screen first; links and later presses pass', () => {
    const browser = runPressHolder();
    const mediaWhenPressed: string[] = [];
    const button = element('button', () => mediaWhenPressed.push(browser.stylesheet.media));
    const link = element('a');
    expect(browser.click(button)).toMatchObject({ prevented: true, stopped: true });
    expect(browser.click(button)).toMatchObject({ prevented: true, stopped: true });
    expect(browser.click(link)).toMatchObject({ prevented: false, stopped: false });
    expect(button.clicks).toBe(0);

    expect(browser.stylesheet.media).toBe('print');
    browser.goLive();
    expect(button.clicks).toBe(1);
    expect(mediaWhenPressed, 'the whole stylesheet is on the screen before the held press is made again').toEqual(['all']);
    expect(browser.click(button)).toMatchObject({ prevented: false, stopped: false });
    browser.waitFor(PRESS_WAIT_MS);
    expect(button.clicks).toBe(1);
  });

  it('presses a held button and turns the stylesheet to the screen after PRESS_WAIT_MS even if the page never goes live', () => {
    const browser = runPressHolder();
    const button = element('button');
    browser.click(button);
    browser.waitFor(PRESS_WAIT_MS);
    expect(button.clicks).toBe(1);
    expect(browser.stylesheet.media).toBe('all');
  });
});

/** Runs the page's chunk runner against a minimal browser: its paint observer, its events and its timers. */
function runChunkRunner({ visible = true } = {}) {
  const added: string[] = [];
  const listeners = new Map<string, (() => void)[]>();
  const on = (type: string, listener: () => void) => listeners.set(type, [...(listeners.get(type) ?? []), listener]);
  let onPaint: ((list: { getEntriesByName(name: string): unknown[] }) => void) | undefined;
  const timers: (() => void)[] = [];
  class FakePerformanceObserver {
    static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
    constructor(callback: typeof onPaint) {
      onPaint = callback;
    }
    observe(init: unknown) {
      expect(init).toEqual({ type: 'paint', buffered: true });
    }
  }
  const document = {
    visibilityState: visible ? 'visible' : 'hidden',
    head: {
      appendChild: (node: { src?: string; async?: boolean; rel?: string; href?: string; media?: string; attributes: Record<string, string> }) =>
        added.push(
          node.rel
            ? `${node.rel} ${node.href} ${node.media} ${Object.entries(node.attributes)
                .map(([name, value]) => `${name}=${value}`)
                .join(' ')}`
            : `${node.src}${node.async ? ' async' : ''}`,
        ),
    },
    createElement: (name: string) => {
      expect(['script', 'link']).toContain(name);
      const attributes: Record<string, string> = {};
      return { attributes, setAttribute: (attribute: string, value: string) => (attributes[attribute] = value) };
    },
    addEventListener: on,
  };
  const window = { PerformanceObserver: FakePerformanceObserver };
  const script = firstPaint(page, '').html.match(/<script data-chunks-after-paint="">(.*?)<\/script>/)![1]!;
  vm.runInNewContext(script, {
    window,
    document,
    PerformanceObserver: FakePerformanceObserver,
    addEventListener: on,
    requestAnimationFrame: (callback: () => void) => timers.push(callback),
    setTimeout: (callback: () => void) => timers.push(callback),
  });
  return {
    added,
    paint: (name: string) => onPaint?.({ getEntriesByName: (asked: string) => (asked === name ? [{}] : []) }),
    fire: (type: string) => listeners.get(type)?.forEach((listener) => listener()),
    runTimers: () => timers.splice(0).forEach((timer) => timer()),
  };
}

describe('the chunk runner', () => {
  const all = [
    'stylesheet /_next/static/chunks/site.css print data-precedence=next data-until-live=',
    ...['a.js', 'b.js', 'main.js'].map((name) => `/_next/static/chunks/${name} async`),
  ];

  it('adds the stylesheet for print and then every chunk, in order and once, only after the first contentful paint', () => {
    const browser = runChunkRunner();
    browser.fire('DOMContentLoaded');
    browser.paint('first-paint');
    browser.runTimers();
    expect(browser.added).toEqual([]);
    browser.paint('first-contentful-paint');
    expect(browser.added, 'in a task after the paint is reported').toEqual([]);
    browser.runTimers();
    expect(browser.added).toEqual(all);
    browser.fire('load');
    browser.runTimers();
    expect(browser.added).toEqual(all);
  });

  it('runs the chunks of a page that paints nothing (opened in the background) once it is parsed', () => {
    const browser = runChunkRunner({ visible: false });
    browser.fire('DOMContentLoaded');
    expect(browser.added).toEqual(all);
  });

  it('runs them after a frame once the page has loaded without a reported paint', () => {
    const browser = runChunkRunner();
    browser.fire('load');
    browser.runTimers();
    browser.runTimers();
    expect(browser.added).toEqual(all);
  });
});
