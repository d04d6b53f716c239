'use client';

import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from './toast-reducer';
import { dismissToast, useToasts } from './use-toast';

/**
 * The one-toast-at-a-time area, mounted once by the site layout's floating widgets.
 * Radix gives the rest of the spec: the 5 s timer pausing on hover and focus, swipe right to dismiss,
 * Escape, and F8 to focus the viewport.
 */
export default function Toaster() {
  const toasts = useToasts();
  return (
    <ToastProvider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX} label="Уведомление">
      {toasts.map(({ id, title, description, action, variant, open }) => (
        <Toast key={id} variant={variant} open={open} onOpenChange={(next) => !next && dismissToast(id)}>
          <div className="grid gap-1">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
            {action}
          </div>
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}
