'use client';

import * as ToastPrimitive from '@radix-ui/react-toast';
import type { ComponentProps } from 'react';
import { CloseIcon } from './close-icon';
import { cn } from './cn';
import type { ToastVariant } from './toast-reducer';

/** Styled Radix Toast parts. `<Toaster/>` puts them together with the store. */

export const ToastProvider = ToastPrimitive.Provider;

export function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      label="Уведомления ({hotkey})"
      data-toast-area=""
      // pointer-events-auto: a toast stays usable while a modal dialog turns the page's pointer events off.
      // On a phone it comes down from the top edge, over the header: at the bottom it lay over the form's
      // button just pressed (and, with the keyboard up, behind the keyboard). From `sm` up, bottom right.
      className={cn(
        'pointer-events-auto fixed right-0 top-0 z-[100] m-0 flex max-h-dvh w-full list-none flex-col gap-2 p-4 outline-none sm:bottom-0 sm:top-auto sm:max-w-[420px]',
        className,
      )}
      {...props}
    />
  );
}

const variantClasses: Record<ToastVariant, string> = {
  default: 'border-gray-200 bg-white text-ink',
  destructive: 'border-red-700 bg-red-600 text-white',
};

export function Toast({ className, variant = 'default', ...props }: ComponentProps<typeof ToastPrimitive.Root> & { variant?: ToastVariant }) {
  return (
    <ToastPrimitive.Root
      data-variant={variant}
      className={cn(
        'relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg',
        'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform',
        'data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[state=closed]:opacity-0 transition-opacity',
        variantClasses[variant],
        className,
      )}
      {...props}
    />
  );
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title className={cn('font-semibold', className)} {...props} />;
}

export function ToastDescription({ className, ...props }: ComponentProps<typeof ToastPrimitive.Description>) {
  return <ToastPrimitive.Description className={cn('text-sm opacity-90', className)} {...props} />;
}

/** An action; give it `altText` saying how to do the same without the toast. Use `asChild` for a link. */
export function ToastAction({ className, ...props }: ComponentProps<typeof ToastPrimitive.Action>) {
  return (
    <ToastPrimitive.Action
      className={cn('mt-2 inline-flex rounded-md border border-current px-3 py-1 text-sm font-medium underline-offset-2 hover:underline', className)}
      {...props}
    />
  );
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      aria-label="Закрыть уведомление"
      className={cn('absolute right-2 top-2 rounded-md p-1 opacity-80 hover:opacity-100', className)}
      {...props}
    >
      <CloseIcon className="size-4" />
    </ToastPrimitive.Close>
  );
}
