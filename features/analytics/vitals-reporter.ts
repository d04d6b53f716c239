import { VITALS_ENDPOINT } from '@/lib/api-contract';
import { POPUP_SHOWN_ATTRIBUTE } from '@/lib/popups/marker';
import { pageTypeOf } from '@/lib/vitals/page-type';
import { inSmallTasks } from '@/lib/yield-to-main';
import type { Metric } from 'web-vitals';
import { connectionType, deviceClass, isSampled, ReportQueue, sampleRate } from './vitals-report';

/** Set on `<html>` once the library measures every metric: the page's figures will leave when it is hidden. */
export const VITALS_MEASURING_ATTRIBUTE = 'data-vitals';
/** Build time, like every `NEXT_PUBLIC_` variable. */
const rate = sampleRate(process.env.NEXT_PUBLIC_RUM_SAMPLE_RATE);
/** Once per page load, also under React's development double effects and client-side navigations. */
let started = false;

/**
 * Field Core Web Vitals, started by the session analytics (analytics.tsx) once the page is
 * idle: this chunk, and the web-vitals library behind it (fetched only for a sampled page view), are in
 * no page's first load. The figures belong to the page the visitor landed on; they leave in one
 * `sendBeacon` each time the page is hidden or left (CLS and INP are final only then), with no cookie
 * and no identifier.
 */
export function startVitalsReporter(): void {
  if (started || !isSampled(rate)) return;
  started = true;
  const connection = (navigator as Navigator & { connection?: { effectiveType?: string } }).connection;
  const queue = new ReportQueue({
    page: pageTypeOf(window.location.pathname),
    device: deviceClass({ shortSide: Math.min(window.screen.width, window.screen.height), coarsePointer: window.matchMedia('(pointer: coarse)').matches }),
    connection: connectionType(connection?.effectiveType),
  });
  const flush = () => {
    const report = queue.take(document.documentElement.hasAttribute(POPUP_SHOWN_ATTRIBUTE));
    if (report) navigator.sendBeacon?.(VITALS_ENDPOINT, JSON.stringify(report));
  };
  // On the document, after web-vitals' own listeners (on the window, capturing) have handed over the
  // final CLS, INP and LCP; `pagehide` for the browsers that skip the hidden state when a page is left.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  window.addEventListener('pagehide', flush);
  void import('./vitals-library')
    .then(async ({ onCLS, onFCP, onINP, onLCP, onTTFB, withAttribution }) => {
      // Measuring everything once every metric is observed and FCP is reported (the end-to-end test waits
      // for it before it leaves the page): web-vitals starts CLS only once its own FCP observer, registered
      // by onCLS before ours, has seen the first paint, which its PerformanceObserver hands over a task later.
      let observing = false;
      let painted = false;
      const measuring = () => {
        if (observing && painted) document.documentElement.setAttribute(VITALS_MEASURING_ATTRIBUTE, '');
      };
      const add = (metric: Metric) => {
        queue.add(withAttribution(metric));
        if (metric.name !== 'FCP') return;
        painted = true;
        measuring();
      };
      // Each metric's observers in a task of their own (lib/yield-to-main.ts), CLS first (see above).
      await inSmallTasks([onCLS, onFCP, onINP, onLCP, onTTFB].map((on) => () => on(add)));
      observing = true;
      measuring();
    })
    .catch(() => undefined); // the library did not arrive: this page view goes unmeasured
}
