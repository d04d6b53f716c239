'use client';

import dynamic from 'next/dynamic';
import { useEffect, useState } from 'react';

// The floating pieces of spec 2.2. Each is its own chunk, fetched only once the page is idle, so a
// content page's first load carries none of their code. Add a widget here as one dynamic() line.
const widgets = [
  dynamic(() => import('@/components/ui/toaster'), { ssr: false }),
  dynamic(() => import('@/features/lead-forms/utm-recorder'), { ssr: false }),
  dynamic(() => import('@/features/analytics/analytics'), { ssr: false }),
  dynamic(() => import('@/features/consultation/consultation-popover'), { ssr: false }),
  dynamic(() => import('@/features/vue-teaser/vue-teaser'), { ssr: false }),
  dynamic(() => import('@/features/gift/gift-widget'), { ssr: false }),
  dynamic(() => import('@/features/popups/popup-host'), { ssr: false }),
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
