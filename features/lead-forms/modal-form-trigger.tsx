'use client';

import { useRef, useState, type ReactNode } from 'react';
import { FormUnavailable } from '@/components/lead-form/form-unavailable';
import { lazyWithRetry } from '@/components/lazy/lazy-with-retry';
import { Button, type ButtonSize, type ButtonVariant } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { LeadFormConfig } from '@/lib/leads/form-config';
import { contactFormTexts, modalFormConfig } from './forms';
import { withDefaults } from './with-defaults';
import type { ModalFormProps } from './modal-form';

export interface ModalFormTriggerProps {
  /** The button's label. */
  children: ReactNode;
  title?: string;
  description?: string;
  /** 'Отправить' by default. */
  submitLabel?: string;
  successTitle?: string;
  successDescription?: string;
  /** The close button can be hidden (Escape and a click outside still close). */
  showCloseButton?: boolean;
  config?: LeadFormConfig;
  variantId?: string;
  blockId?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

// Retried when its chunk fails, and tried afresh on the next hover or click after a final failure.
const ModalForm = lazyWithRetry<ModalFormProps>(() => import('./modal-form'), { name: 'modal-form' });

const modalDefaults = {
  title: 'Оставьте заявку',
  description: contactFormTexts.description,
  submitLabel: 'Отправить',
  successTitle: contactFormTexts.successTitle,
  successDescription: contactFormTexts.successDescription,
  showCloseButton: true,
  config: modalFormConfig,
  blockId: 'modal-form',
};

/**
 * A button that opens the generic modal form. The form's code is fetched when the visitor
 * points at or focuses the button, and the dialog opens once it has arrived.
 */
export function ModalFormTrigger({ children, variant, size = 'lg', className, ...form }: ModalFormTriggerProps) {
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);

  const load = () => {
    ModalForm.load().then(
      () => {
        setReady(true);
        setFailed(false);
      },
      () => setFailed(true),
    );
  };

  return (
    <>
      <Button
        ref={button}
        variant={variant}
        size={size}
        className={className}
        aria-haspopup="dialog"
        aria-busy={(open && !ready && !failed) || undefined}
        onPointerEnter={load}
        onFocus={load}
        onClick={() => {
          load();
          setOpen(true);
        }}
      >
        {open && !ready && !failed && <Spinner />}
        {children}
      </Button>
      {open && failed && (
        <div className="mt-3 text-left">
          <FormUnavailable />
        </div>
      )}
      {ready && <ModalForm {...withDefaults(form, modalDefaults)} open={open} onOpenChange={setOpen} returnFocusTo={button} />}
    </>
  );
}
