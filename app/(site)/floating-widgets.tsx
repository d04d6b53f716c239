'use client';

import { useEffect, useState } from 'react';
import { lazyWithRetry } from '@/components/lazy/lazy-with-retry';

// The floating pieces of spec 2.2. Each is its own chunk, fetched only once the page is idle, so a
// content page's first load carries none of their code. Add a widget here as one line. Each sits behind
// its own error boundary (lazyWithRetry): a chunk lost on the network or a widget that throws renders
// nothing, and the page and the other widgets live on.
const widgets = [
  lazyWithRetry(() => import('@/components/ui/toaster'), { name: 'toaster' }),
  lazyWithRetry(() => import('@/features/lead-forms/utm-recorder'), { name: 'utm-recorder' }),
  lazyWithRetry(() => import('@/features/analytics/analytics'), { name: 'analytics' }),
  lazyWithRetry(() => import('@/features/consultation/consultation-popover'), { name: 'consultation' }),
  lazyWithRetry(() => import('@/features/vue-teaser/vue-teaser'), { name: 'vue-teaser' }),
  lazyWithRetry(() => import('@/features/gift/gift-widget'), { name: 'gift' }),
  lazyWithRetry(() => import('@/features/popups/popup-host'), { name: 'popups' }),
];

export function FloatingWidgets() {
  const idle = useIdle();
  if (!idle) return null;
  return widgets.map((Widget, index) => <Widget key={index} />);
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
