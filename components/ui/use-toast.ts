'use client';

import { useSyncExternalStore } from 'react';
import { TOAST_REMOVE_DELAY, toastReducer, type ToastAction, type ToastData, type ToastState } from './toast-reducer';

/**
 * The one notification store of the page. Any client code calls `toast({...})`; the lazily loaded
 * `<Toaster/>` shows what the store holds, so a toast raised before the toaster loaded is not lost.
 */

let state: ToastState = { toasts: [] };
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function dispatch(action: ToastAction) {
  if (action.type === 'dismiss') {
    for (const t of state.toasts) if (action.id === undefined || t.id === action.id) scheduleRemoval(t.id);
  }
  state = toastReducer(state, action);
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      dispatch({ type: 'remove', id });
    }, TOAST_REMOVE_DELAY),
  );
}

export type ToastInput = Omit<ToastData, 'id' | 'open'>;

/** Shows a toast (replacing the one shown); returns its id and a way to close it. */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  dispatch({ type: 'add', toast: { ...input, id, open: true } });
  return { id, dismiss: () => dismissToast(id) };
}

/** Closes one toast, or every toast without an id; removal follows after `TOAST_REMOVE_DELAY`. */
export function dismissToast(id?: string) {
  dispatch({ type: 'dismiss', id });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toasts held now (the store's snapshot). */
export function getToasts(): ToastData[] {
  return state.toasts;
}

const noToasts: ToastData[] = [];

export function useToasts(): ToastData[] {
  return useSyncExternalStore(subscribe, getToasts, () => noToasts);
}
