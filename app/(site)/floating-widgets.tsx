'use client';

import { lazy, Suspense, useEffect, useState } from 'react';

// The floating pieces of spec 2.2. Each is its own chunk, fetched only once the page is idle, so a
// content page's first load carries none of their code. Add a widget here as one lazy() line.
// React.lazy rather than next/dynamic: these never render on the server, and lazy() is already in
// React, so the loader adds no code of its own to the first load.
const widgets = [
  lazy(() => import('@/components/ui/toaster')),
  lazy(() => import('@/features/lead-forms/utm-recorder')),
  lazy(() => import('@/features/analytics/analytics')),
  lazy(() => import('@/features/consultation/consultation-popover')),
  lazy(() => import('@/features/vue-teaser/vue-teaser')),
  lazy(() => import('@/features/gift/gift-widget')),
  lazy(() => import('@/features/popups/popup-host')),
];

export function FloatingWidgets() {
  const idle = useIdle();
  if (!idle) return null;
  // One boundary each: a widget whose chunk is still on its way never holds back the others.
  return widgets.map((Widget, index) => (
    <Suspense key={index} fallback={null}>
      <Widget />
    </Suspense>
  ));
}

/** True once the browser is idle after load (or after 2 s where requestIdleCallback is missing). */
function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => setIdle(true), 2000);
    return () => clearTimeout(timer);
  }, []);
  return idle;
}
