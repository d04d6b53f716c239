import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { PAINT_WAIT_MS, paintFirst } from './paint-first';

/** The shape Next.js 16 gives a pre-rendered page (trimmed): chunks in the head, the main one in the body. */
const page =
  '<!DOCTYPE html><html lang="ru"><head><meta charSet="utf-8"/>' +
  '<link rel="stylesheet" href="/_next/static/chunks/site.css" data-precedence="next"/>' +
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/main.js"/>' +
  '<script src="/_next/static/chunks/a.js" async=""></script><script src="/_next/static/chunks/b.js" async=""></script>' +
  '<title>Медиа</title><script src="/_next/static/chunks/polyfills.js" noModule=""></script></head>' +
  '<body><main><h1>Медиа</h1></main><script id="_R_">(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push({});</script>' +
  '<script src="/_next/static/chunks/main.js" async=""></script><script>self.__next_f.push([1,"x"])</script></body></html>';

describe('paintFirst', () => {
  it('takes the framework scripts and their preload out of the page and loads them, in order, from one loader at the end', () => {
    const result = paintFirst(page);
    expect(result.scripts).toEqual(['/_next/static/chunks/a.js', '/_next/static/chunks/b.js', '/_next/static/chunks/main.js']);
    expect(result.html).not.toMatch(/<script src="[^"]+" async="">/);
    expect(result.html).not.toContain('rel="preload" as="script"');
    expect(result.html).toMatch(/<script data-paint-first="">\(function.+\)<\/script><\/body><\/html>$/);
  });

  it('keeps everything else byte for byte: the stylesheet, the polyfill, the RSC payload', () => {
    const { html } = paintFirst(page);
    for (const kept of [
      '<link rel="stylesheet" href="/_next/static/chunks/site.css" data-precedence="next"/>',
      '<script src="/_next/static/chunks/polyfills.js" noModule=""></script>',
      '<script id="_R_">(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push({});</script>',
      '<script>self.__next_f.push([1,"x"])</script>',
      '<main><h1>Медиа</h1></main>',
    ]) {
      expect(html).toContain(kept);
    }
  });

  it('leaves a page alone when it has no framework scripts or was rewritten already', () => {
    expect(paintFirst('<html><body>plain</body></html>')).toMatchObject({ skipped: 'no framework scripts' });
    const once = paintFirst(page).html;
    expect(paintFirst(once)).toEqual({ html: once, scripts: [], skipped: 'already rewritten' });
  });
});

/** Runs the page's loader against a minimal browser: what it appends to <head>, and the paint observer it registered. */
function runLoader(options: { paintTiming: boolean }) {
  const appended: string[] = [];
  const timers: (() => void)[] = [];
  let observer: ((list: { getEntries(): unknown[] }) => void) | undefined;
  class FakeObserver {
    static supportedEntryTypes = options.paintTiming ? ['paint', 'navigation'] : ['navigation'];
    constructor(callback: typeof observer) {
      observer = callback;
    }
    observe(init: { type: string; buffered: boolean }) {
      expect(init).toEqual({ type: 'paint', buffered: true });
    }
  }
  const document = {
    createElement: () => ({ src: '', async: false }),
    head: { appendChild: (element: { src: string; async: boolean }) => appended.push(`${element.src}${element.async ? ' async' : ''}`) },
  };
  const loader = paintFirst(page).html.match(/<script data-paint-first="">(.*)<\/script><\/body>/)![1]!;
  const window = { PerformanceObserver: FakeObserver };
  vm.runInNewContext(loader, {
    window,
    document,
    PerformanceObserver: FakeObserver,
    setTimeout: (callback: () => void, ms: number) => {
      expect(ms).toBe(PAINT_WAIT_MS);
      timers.push(callback);
    },
  });
  return { appended, paint: () => observer?.({ getEntries: () => [{ name: 'first-paint' }] }), timeout: () => timers.forEach((timer) => timer()) };
}

describe('the paint-first loader', () => {
  const all = ['/_next/static/chunks/a.js async', '/_next/static/chunks/b.js async', '/_next/static/chunks/main.js async'];

  it('adds nothing before the first paint, then every script once, in the page order', () => {
    const browser = runLoader({ paintTiming: true });
    expect(browser.appended).toEqual([]);
    browser.paint();
    expect(browser.appended).toEqual(all);
    browser.paint();
    browser.timeout();
    expect(browser.appended).toEqual(all);
  });

  it('loads anyway when no paint comes in time (a tab opened in the background)', () => {
    const browser = runLoader({ paintTiming: true });
    browser.timeout();
    expect(browser.appended).toEqual(all);
  });

  it('loads at once in a browser without paint timing', () => {
    expect(runLoader({ paintTiming: false }).appended).toEqual(all);
  });
});
