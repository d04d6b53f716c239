'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { lazyWithRetry } from '@/components/lazy/lazy-with-retry';
import { popupId, popupMarkerMetaName, popups, type PopupConfig } from '@/content/popups';
import { isSuppressed } from './suppression';
import { selectPopup } from './targeting';

/**
 * Decides which timed pop-up this page shows and when (spec 2.3, 4.1), and nothing else: it is loaded
 * with the floating widgets, so it stays small. The pop-up itself (dialog, image, form) is a separate
 * chunk, fetched a few seconds before the delay ends and rendered when it does.
 */
const TimedPopup = lazyWithRetry(() => import('./timed-popup'), { name: 'timed-popup' });

/** How long before the pop-up is due its code starts loading. */
const prefetchLeadMs = 5_000;

export default function PopupHost() {
  const pathname = usePathname();
  const [due, setDue] = useState<{ path: string; popup: PopupConfig } | null>(null);
  // The delay counts from the page load (performance.now() is 0 there) or from a client-side navigation.
  const pathSince = useRef({ path: pathname, at: 0 });

  useEffect(() => {
    if (pathSince.current.path !== pathname) pathSince.current = { path: pathname, at: performance.now() };
    const markers = Array.from(document.querySelectorAll<HTMLMetaElement>(`meta[name="${popupMarkerMetaName}"]`), (meta) => meta.content);
    const popup = selectPopup({ path: pathname, markers }, popups);
    if (!popup) return;
    const id = popupId(popup);
    if (isSuppressed(document.cookie, id)) return;

    const remaining = Math.max(0, popup.showDelayMs - (performance.now() - pathSince.current.at));
    const prefetch = setTimeout(() => TimedPopup.preload(), Math.max(0, remaining - prefetchLeadMs));
    const show = setTimeout(() => {
      // Finished or closed in another tab meanwhile: stay hidden.
      if (!isSuppressed(document.cookie, id)) setDue({ path: pathname, popup });
    }, remaining);
    return () => {
      clearTimeout(prefetch);
      clearTimeout(show);
    };
  }, [pathname]);

  if (!due || due.path !== pathname) return null;
  return <TimedPopup key={due.path} config={due.popup} />;
}
