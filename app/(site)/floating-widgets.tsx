'use client';

import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { headerTabStripId } from '@/components/layout/header-tab-strip';
import { lazyWithRetry } from '@/components/lazy/lazy-with-retry';
import { smallBreakpointUp } from '@/lib/breakpoints';

// The floating widgets of every page. Each is its own small chunk, fetched once the page is idle, so a
// content page's first load carries none of their code; the libraries behind them (Radix, the forms)
// come only when a widget is pressed or a pop-up is due. Each sits behind its own error boundary
// (lazyWithRetry): a chunk lost on the network or a widget that throws renders nothing, and the page
// and the other widgets live on. Add a widget here as one line.
const widgets = [
  lazyWithRetry(() => import('@/components/ui/toast-host'), { name: 'toasts' }),
  lazyWithRetry(() => import('@/features/lead-forms/utm-recorder'), { name: 'utm-recorder' }),
  lazyWithRetry(() => import('@/features/analytics/analytics'), { name: 'analytics' }),
  lazyWithRetry(() => import('@/features/popups/popup-host'), { name: 'popups' }),
];

// The tabs that stay on the screen, in the order they stand in the phone's header strip (left to right).
const tabs = [
  lazyWithRetry(() => import('@/features/gift/gift-widget'), { name: 'gift' }),
  lazyWithRetry(() => import('@/features/vue-teaser/vue-teaser'), { name: 'vue-teaser' }),
];

// From the `sm` breakpoint up only. Below it nothing of the consultation is even downloaded.
const Consultation = lazyWithRetry(() => import('@/features/consultation/consultation-button'), { name: 'consultation' });

// One piece a step once the page is quiet: the tabs (what a visitor sees) first, then the rest.
const steps = tabs.length + widgets.length + 1;

export function FloatingWidgets() {
  const shown = useOneAtATime(steps);
  const wide = useMediaQuery(smallBreakpointUp);
  if (shown === 0) return null;
  const drawnTabs = tabs.slice(0, shown).map((Tab, index) => <Tab key={index} />);
  const drawnWidgets = widgets.slice(0, Math.max(0, shown - tabs.length));
  const consultation = shown >= steps;
  // On a phone nothing floats over the text: the tabs go into the strip the sticky header keeps for them
  // (components/layout/header-tab-strip.tsx); a page without the site's header has no room for them.
  const strip = wide ? null : document.getElementById(headerTabStripId);
  return (
    <>
      {drawnWidgets.map((Widget, index) => (
        <Widget key={index} />
      ))}
      {wide ? (
        // From `sm` up each button floats at its edge of the screen; app/globals.css hides them under a dialog.
        <div data-floating-buttons="">
          {drawnTabs}
          {consultation && <Consultation />}
        </div>
      ) : (
        strip && createPortal(drawnTabs, strip)
      )}
    </>
  );
}

/**
 * How many of `count` pieces to draw: none until the browser is idle after the page went live (or 2 s where
 * requestIdleCallback is missing), then one more at each later idle moment. Each piece is drawn, and its
 * chunk asked for, in a task of its own, so no widget's start joins another's in one long task on a phone's
 * slow processor (docs/speed.md: no task of ours over 50 ms after the first paint).
 */
function useOneAtATime(count: number): number {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown >= count) return;
    const next = () => setShown((current) => current + 1);
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(next, { timeout: shown === 0 ? 3000 : 1000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(next, shown === 0 ? 2000 : 50);
    return () => clearTimeout(timer);
  }, [shown, count]);
  return shown;
}

/** Whether the media query matches now, following changes (a phone turned to landscape). */
function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(false);
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}
