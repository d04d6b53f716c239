import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { PAGE_LIVE_ATTRIBUTE } from '@/lib/page-live';
import { PAINT_WAIT_MS, PRESS_WAIT_MS, paintFirst } from './paint-first';

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

/** A button or a link as the loader sees it: `closest("button")` and `click()`. */
function element(kind: 'button' | 'a') {
  const node = { clicks: 0, isConnected: true, closest: (selector: string) => (selector === kind ? node : null), click: () => node.clicks++ };
  return node;
}

/** A click event as the loader sees it, recording what the loader did with it. */
function clickOn(target: ReturnType<typeof element>) {
  return { target, prevented: false, stopped: false, preventDefault() { this.prevented = true; }, stopImmediatePropagation() { this.stopped = true; } };
}

/** Runs the page's loader against a minimal browser: what it appends to <head>, its paint observer, its click listener and its timers. */
function runLoader(options: { paintTiming: boolean }) {
  const appended: string[] = [];
  const timers = new Map<number, (() => void)[]>();
  const observers: { paint?: (list: { getEntries(): unknown[] }) => void; live?: () => void } = {};
  let clickListener: ((event: ReturnType<typeof clickOn>) => void) | undefined;
  const attributes = new Set<string>();
  class FakePerformanceObserver {
    static supportedEntryTypes = options.paintTiming ? ['paint', 'navigation'] : ['navigation'];
    constructor(callback: typeof observers.paint) {
      observers.paint = callback;
    }
    observe(init: { type: string; buffered: boolean }) {
      expect(init).toEqual({ type: 'paint', buffered: true });
    }
  }
  class FakeMutationObserver {
    constructor(callback: () => void) {
      observers.live = callback;
    }
    observe(_target: unknown, init: { attributes: boolean; attributeFilter: string[] }) {
      expect(init).toEqual({ attributes: true, attributeFilter: [PAGE_LIVE_ATTRIBUTE] });
    }
  }
  const document = {
    documentElement: { hasAttribute: (name: string) => attributes.has(name) },
    createElement: () => ({ src: '', async: false }),
    head: { appendChild: (script: { src: string; async: boolean }) => appended.push(`${script.src}${script.async ? ' async' : ''}`) },
    addEventListener: (type: string, listener: typeof clickListener, capture: boolean) => {
      expect([type, capture]).toEqual(['click', true]);
      clickListener = listener;
    },
    removeEventListener: (_type: string, listener: typeof clickListener) => {
      if (listener === clickListener) clickListener = undefined;
    },
  };
  const loader = paintFirst(page).html.match(/<script data-paint-first="">(.*)<\/script><\/body>/)![1]!;
  vm.runInNewContext(loader, {
    window: { PerformanceObserver: FakePerformanceObserver },
    document,
    PerformanceObserver: FakePerformanceObserver,
    MutationObserver: FakeMutationObserver,
    setTimeout: (callback: () => void, ms: number) => timers.set(ms, [...(timers.get(ms) ?? []), callback]),
  });
  return {
    appended,
    paint: () => observers.paint?.({ getEntries: () => [{ name: 'first-paint' }] }),
    waitFor: (ms: number) => timers.get(ms)?.forEach((timer) => timer()),
    click: (target: ReturnType<typeof element>) => {
      const event = clickOn(target);
      clickListener?.(event);
      return event;
    },
    goLive: () => {
      attributes.add(PAGE_LIVE_ATTRIBUTE);
      observers.live?.();
    },
  };
}

describe('the paint-first loader', () => {
  const all = ['/_next/static/chunks/a.js async', '/_next/static/chunks/b.js async', '/_next/static/chunks/main.js async'];

  it('adds nothing before the first paint, then every script once, in the page order', () => {
    const browser = runLoader({ paintTiming: true });
    expect(browser.appended).toEqual([]);
    browser.paint();
    expect(browser.appended).toEqual(all);
    browser.paint();
    browser.waitFor(PAINT_WAIT_MS);
    expect(browser.appended).toEqual(all);
  });

  it('loads anyway when no paint comes in time (a tab opened in the background)', () => {
    const browser = runLoader({ paintTiming: true });
    browser.waitFor(PAINT_WAIT_MS);
    expect(browser.appended).toEqual(all);
  });

  it('loads at once in a browser without paint timing', () => {
    expect(runLoader({ paintTiming: false }).appended).toEqual(all);
  });

  it('holds a button pressed before the page is live and presses it once when it is; links and later presses pass', () => {
    const browser = runLoader({ paintTiming: true });
    const button = element('button');
    const link = element('a');
    expect(browser.click(button)).toMatchObject({ prevented: true, stopped: true });
    expect(browser.click(button)).toMatchObject({ prevented: true, stopped: true });
    expect(browser.click(link)).toMatchObject({ prevented: false, stopped: false });
    expect(button.clicks).toBe(0);

    browser.goLive();
    expect(button.clicks).toBe(1);
    expect(browser.click(button)).toMatchObject({ prevented: false, stopped: false });
    browser.waitFor(PRESS_WAIT_MS);
    expect(button.clicks).toBe(1);
  });

  it('presses a held button after PRESS_WAIT_MS even if the page never goes live', () => {
    const browser = runLoader({ paintTiming: true });
    const button = element('button');
    browser.click(button);
    browser.waitFor(PRESS_WAIT_MS);
    expect(button.clicks).toBe(1);
  });
});
