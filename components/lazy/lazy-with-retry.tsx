'use client';

import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { retryingLoader } from '@/lib/retry-import';

export interface LazyOptions {
  /** Shown while the code is on its way (nothing by default). */
  loading?: ReactNode;
  /** Shown when the code could not arrive or the component threw (nothing by default: the page lives on). */
  fallback?: ReactNode;
  /** Named in the console warning when it fails. */
  name?: string;
}

export type LazyComponent<P> = ComponentType<P> & {
  /** Fetches the code ahead of need (hover, focus); a failure is quiet here and tried again on render. */
  preload(): void;
  /** The module itself, retried, for callers that render it their own way. */
  load(): Promise<{ default: ComponentType<P> }>;
};

/**
 * The one lazy-loading helper of the site: every widget and form whose code loads on demand
 * goes through it. It adds to `React.lazy`:
 * - a chunk that fails to arrive is fetched again (lib/retry-import.ts) before giving up;
 * - its own error boundary (react-error-boundary): a chunk that never arrives, or a component that
 *   throws, renders `fallback` (nothing by default) in its place, and the rest of the page lives on.
 *
 *   const GiftWidget = lazyWithRetry(() => import('@/features/gift/gift-widget'), { name: 'gift' });
 *   <GiftWidget />                        // GiftWidget.preload() on hover
 */
export function lazyWithRetry<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  { loading = null, fallback = null, name = 'lazy component' }: LazyOptions = {},
): LazyComponent<P> {
  const loader = retryingLoader(load);
  const Lazy = lazy(loader.load);
  function Guarded(props: P) {
    return (
      <ErrorBoundary fallback={fallback} onError={(error) => console.warn(`${name} failed and is left out`, error)}>
        <Suspense fallback={loading}>
          <Lazy {...props} />
        </Suspense>
      </ErrorBoundary>
    );
  }
  Guarded.displayName = `Lazy(${name})`;
  return Object.assign(Guarded, {
    preload: () => void loader.load().catch(() => undefined),
    load: loader.load,
  });
}
