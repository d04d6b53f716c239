'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { lazyWithRetry } from '@/components/lazy/lazy-with-retry';
import type { PublicPopup } from '@/lib/popups/managed';
import { popupMarkerMetaName } from '@/lib/popups/marker';
import { yieldToMain } from '@/lib/yield-to-main';
import { loadPopups, readPreview } from './popup-source';
import { signedVisitorId, splitsVisitor, variantFor, type ShownVariant } from './split-test';
import { isSuppressed } from './suppression';
import { selectPopup } from './targeting';

/**
 * Decides which timed pop-up this page shows and when, and nothing else: it is loaded
 * with the floating widgets, once the page is idle, so it stays small. The pop-ups come from
 * `GET /api/popups` (the console steers them), not from the bundle; no answer means no pop-up. The pop-up
 * itself (dialog, image, form) is a separate chunk, fetched a few seconds before the delay ends and
 * rendered when it does. The console's preview shows its unsaved pop-up at once, leaving no cookie and
 * no figure behind.
 */
const TimedPopup = lazyWithRetry(() => import('./timed-popup'), { name: 'timed-popup' });

/** How long before the pop-up is due its code starts loading. */
const prefetchLeadMs = 5_000;

export default function PopupHost() {
  const pathname = usePathname();
  const [due, setDue] = useState<{ path: string; popup: PublicPopup; preview: boolean; shown?: ShownVariant | null } | null>(null);
  // The delay counts from the page load (performance.now() is 0 there) or from a client-side navigation.
  const pathSince = useRef({ path: pathname, at: 0 });

  useEffect(() => {
    if (pathSince.current.path !== pathname) pathSince.current = { path: pathname, at: performance.now() };
    const preview = readPreview(window.location.search, safeLocalStorage());
    let cancelled = false;
    const timers: ReturnType<typeof setTimeout>[] = [];
    if (preview) {
      // At once, with the console's unsaved texts.
      timers.push(setTimeout(() => setDue({ path: pathname, popup: preview, preview: true }), 0));
      return () => timers.forEach(clearTimeout);
    }
    // In small tasks (lib/yield-to-main.ts): the answer read, the pop-up chosen, its timers set, each in its own.
    void (async () => {
      const popups = await loadPopups();
      await yieldToMain();
      if (cancelled) return;
      const markers = Array.from(document.querySelectorAll<HTMLMetaElement>(`meta[name="${popupMarkerMetaName}"]`), (meta) => meta.content);
      const popup = selectPopup({ path: pathname, markers }, popups);
      if (!popup || isSuppressed(document.cookie, popup.id)) return;
      await yieldToMain();
      if (cancelled) return;
      const remaining = Math.max(0, popup.showDelayMs - (performance.now() - pathSince.current.at));
      // A split test's visitor id is asked for with the pop-up's code, only when a tested pop-up is due.
      let visitor: Promise<string | null> | undefined;
      const visitorId = () => (visitor ??= signedVisitorId(document, window.location.protocol === 'https:'));
      timers.push(
        setTimeout(
          () => {
            TimedPopup.preload();
            if (splitsVisitor(popup, navigator.userAgent)) void visitorId();
          },
          Math.max(0, remaining - prefetchLeadMs),
        ),
      );
      timers.push(
        setTimeout(async () => {
          // Finished or closed in another tab meanwhile: stay hidden.
          if (isSuppressed(document.cookie, popup.id)) return;
          // A split test assigns only now, when the pop-up really shows; the pop-up is drawn in a task after it.
          const seen = await variantFor(popup, navigator.userAgent, visitorId);
          await yieldToMain();
          if (!cancelled) setDue({ path: pathname, popup: seen.popup, preview: false, shown: seen.shown });
        }, remaining),
      );
    })();
    return () => {
      cancelled = true;
      timers.forEach(clearTimeout);
    };
  }, [pathname]);

  if (!due || due.path !== pathname) return null;
  return <TimedPopup key={due.path} config={due.popup} preview={due.preview} shown={due.shown ?? null} />;
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
