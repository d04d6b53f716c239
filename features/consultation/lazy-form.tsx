'use client';

import { FormUnavailable } from '@/components/lead-form/form-unavailable';
import { lazyWithRetry } from '@/components/lazy/lazy-with-retry';

// The form (react-hook-form, zod, the phone library): fetched as soon as the visitor heads for the button,
// with the popover; if its code cannot arrive, the panel says so (its contacts stay below).
export const ConsultationForm = lazyWithRetry(() => import('./consultation-form'), {
  name: 'consultation-form',
  loading: <FormPlaceholder />,
  fallback: <FormUnavailable />,
});

/** Keeps the panel's height while the form's code is on its way. */
function FormPlaceholder() {
  return <div aria-hidden="true" className="h-64 animate-pulse rounded-lg bg-gray-50" />;
}
