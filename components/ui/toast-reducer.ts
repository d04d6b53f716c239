import type { ReactNode } from 'react';

/** The notification store as a pure reducer: one toast kept, dismissed ones removed later. */

export const TOAST_LIMIT = 1;
/** A dismissed toast stays (closed, for its exit animation and screen readers) this long before removal. */
export const TOAST_REMOVE_DELAY = 20_000;
/** A toast closes itself after this long (the timer pauses on hover and focus). */
export const TOAST_DURATION_MS = 5000;
/** Swiping right this far dismisses a toast. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export type ToastVariant = 'default' | 'destructive';

/** A toast: id, title, description, action, variant, open. */
export interface ToastData {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  variant?: ToastVariant;
  open: boolean;
}

export interface ToastState {
  toasts: ToastData[];
}

export type ToastAction =
  | { type: 'add'; toast: ToastData }
  | { type: 'update'; toast: Partial<ToastData> & { id: string } }
  /** Without an id: dismiss all. */
  | { type: 'dismiss'; id?: string }
  /** Without an id: remove all. */
  | { type: 'remove'; id?: string };

export function toastReducer(state: ToastState, action: ToastAction): ToastState {
  switch (action.type) {
    case 'add':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'update':
      return { toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)) };
    case 'dismiss':
      return {
        toasts: state.toasts.map((t) => (action.id === undefined || t.id === action.id ? { ...t, open: false } : t)),
      };
    case 'remove':
      return { toasts: action.id === undefined ? [] : state.toasts.filter((t) => t.id !== action.id) };
  }
}
