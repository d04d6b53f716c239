'use client';

import { useEffect } from 'react';
import { pushDataLayer } from '@/components/analytics/data-layer';
import { inSmallTasks } from '@/lib/yield-to-main';
import { carryQueryIntoLinks } from './carry-query-links';
import { gtmContainerId } from './config';
import { sendPageView } from './page-view';
import { readStoredUserId } from './session';

/** Once per page load, also under React's development double effects. */
let userIdPushed = false;
let pageViewSent = false;

/**
 * Session analytics, mounted by the floating widgets once the page is idle: the tag manager,
 * the stored session's `user_id_event`, carrying the page's query (UTMs) into marked links, a course
 * page's view (page-view.ts), and the field measurement of Core Web Vitals.
 * Everything here works on the data layer array and the DOM only, so a blocked tag manager script
 * breaks nothing: the events simply wait in `window.dataLayer`.
 */
export default function Analytics() {
  // Five steps, each in a task of its own (lib/yield-to-main.ts), none of them joining another on a phone's
  // processor: the stored session's id, the query carried into the links, a course page's view, the tag manager, the field Core Web
  // Vitals (vitals-reporter.ts: its own chunk, so the analytics stay small).
  useEffect(() => {
    let cancelled = false;
    let stopCarrying: (() => void) | undefined;
    void inSmallTasks(
      [
        () => {
          if (userIdPushed) return;
          userIdPushed = true;
          const userId = readStoredUserId((key) => window.localStorage.getItem(key));
          if (userId !== null) pushDataLayer({ event: 'user_id_event', user_id: userId });
        },
        () => {
          stopCarrying = carryQueryIntoLinks(document);
        },
        () => {
          if (pageViewSent) return;
          pageViewSent = true;
          sendPageView(document, navigator);
        },
        () => {
          if (gtmContainerId) loadTagManager(gtmContainerId);
        },
        () => {
          void import('./vitals-reporter').then(({ startVitalsReporter }) => startVitalsReporter()).catch(() => undefined);
        },
      ],
      () => cancelled,
    );
    return () => {
      cancelled = true;
      stopCarrying?.();
    };
  }, []);

  return null;
}

/**
 * Google's own container snippet, as a function: mark the start in the data layer, then add gtm.js.
 * A dozen lines instead of a library's script component in the idle chunk.
 */
function loadTagManager(containerId: string) {
  if (document.querySelector('script[data-gtm]')) return;
  pushDataLayer({ event: 'gtm.js', 'gtm.start': Date.now() });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(containerId)}`;
  script.dataset.gtm = containerId;
  document.head.append(script);
}
