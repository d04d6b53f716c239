'use client';

import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ComponentProps } from 'react';
import { CloseIcon } from './close-icon';
import { cn } from './cn';

/**
 * A modal dialog over Radix Dialog: `role="dialog"` named by its `DialogTitle`, focus trapped inside and
 * returned to the trigger on close, closed by Escape and by a click outside.
 *
 *   <Dialog open={open} onOpenChange={setOpen}>
 *     <DialogTrigger asChild><Button>Открыть</Button></DialogTrigger>
 *     <DialogContent maxWidth={480}>
 *       <DialogTitle>…</DialogTitle>
 *       <DialogDescription>…</DialogDescription>   (or pass aria-describedby={undefined} to DialogContent)
 *     </DialogContent>
 *   </Dialog>
 *
 * Opened without a `DialogTrigger` (e.g. by a timer), pass `onCloseAutoFocus` to put focus somewhere sensible.
 */

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;
export const DialogPortal = DialogPrimitive.Portal;

/** `data-dialog-overlay`: while one is open, globals.css hides the floating buttons, which would show through it. */
export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return <DialogPrimitive.Overlay data-dialog-overlay="" className={cn('fixed inset-0 z-50 bg-gray-950/60', className)} {...props} />;
}

export interface DialogContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  /** Maximum width in pixels (generic modal 480, pop-up 430, gift modal 600). */
  maxWidth?: number;
  /** Show the × button (the close button can be hidden; Escape and outside click still close). */
  showCloseButton?: boolean;
  /** Accessible name of the × button. */
  closeLabel?: string;
}

export function DialogContent({
  className,
  children,
  maxWidth = 480,
  showCloseButton = true,
  closeLabel = 'Закрыть',
  style,
  onPointerDownOutside,
  onFocusOutside,
  ...props
}: DialogContentProps) {
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto',
          'rounded-2xl bg-white p-6 shadow-2xl outline-none sm:p-8',
          className,
        )}
        style={{ maxWidth, ...style }}
        // A toast is its own layer above the dialog: using it (its link, its close button) keeps the dialog open.
        onPointerDownOutside={(event) => {
          if (isInToastArea(event.target)) event.preventDefault();
          onPointerDownOutside?.(event);
        }}
        onFocusOutside={(event) => {
          if (isInToastArea(event.target)) event.preventDefault();
          onFocusOutside?.(event);
        }}
        {...props}
      >
        {children}
        {showCloseButton && (
          <DialogPrimitive.Close aria-label={closeLabel} className="absolute right-3 top-3 rounded-lg p-1.5 text-gray-500 hover:bg-gray-100 hover:text-ink">
            <CloseIcon />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('pr-8 text-2xl font-bold', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('mt-2 text-gray-600', className)} {...props} />;
}

function isInToastArea(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('[data-toast-area]') !== null;
}
