'use client';

import { lazyWithRetry } from '@/components/lazy/lazy-with-retry';
import { useToasts } from './use-toast';

// Radix Toast comes with the first toast: most visits never see one.
const Toaster = lazyWithRetry(() => import('./toaster'), { name: 'toaster' });

/** Watches the notification store and mounts the toast area while it holds a toast. */
export default function ToastHost() {
  return useToasts().length > 0 ? <Toaster /> : null;
}
