'use client';

import { useRef, useState, type ComponentType, type ReactNode } from 'react';
import { Button, type ButtonSize, type ButtonVariant } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { LeadFormConfig } from '@/lib/leads/form-config';
import { contactFormTexts, modalFormConfig } from './forms';
import type { ModalFormProps } from './modal-form';

export interface ModalFormTriggerProps {
  /** The button's label. */
  children: ReactNode;
  title?: string;
  description?: string;
  /** Spec 2.8: 'Отправить' by default. */
  submitLabel?: string;
  successTitle?: string;
  successDescription?: string;
  /** Spec 2.8: the close button can be hidden (Escape and a click outside still close). */
  showCloseButton?: boolean;
  config?: LeadFormConfig;
  variantId?: string;
  blockId?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

let modalFormModule: Promise<{ default: ComponentType<ModalFormProps> }> | null = null;
const loadModalForm = () => (modalFormModule ??= import('./modal-form'));

/**
 * A button that opens the generic modal form (spec 2.8). The form's code is fetched when the visitor
 * points at or focuses the button, and the dialog opens once it has arrived.
 */
export function ModalFormTrigger({
  children,
  title = 'Оставьте заявку',
  description = contactFormTexts.description,
  submitLabel = 'Отправить',
  successTitle = contactFormTexts.successTitle,
  successDescription = contactFormTexts.successDescription,
  showCloseButton = true,
  config = modalFormConfig,
  variantId,
  blockId = 'modal-form',
  variant,
  size = 'lg',
  className,
}: ModalFormTriggerProps) {
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [ModalForm, setModalForm] = useState<ComponentType<ModalFormProps> | null>(null);

  const load = () => {
    void loadModalForm().then((module) => setModalForm(() => module.default));
  };

  return (
    <>
      <Button
        ref={button}
        variant={variant}
        size={size}
        className={className}
        aria-haspopup="dialog"
        aria-busy={(open && !ModalForm) || undefined}
        onPointerEnter={load}
        onFocus={load}
        onClick={() => {
          load();
          setOpen(true);
        }}
      >
        {open && !ModalForm && <Spinner />}
        {children}
      </Button>
      {ModalForm && (
        <ModalForm
          open={open}
          onOpenChange={setOpen}
          title={title}
          description={description}
          submitLabel={submitLabel}
          successTitle={successTitle}
          successDescription={successDescription}
          showCloseButton={showCloseButton}
          config={config}
          variantId={variantId}
          blockId={blockId}
          returnFocusTo={button}
        />
      )}
    </>
  );
}
