'use client';

import { useState, type RefObject } from 'react';
import { LeadForm } from '@/components/lead-form/lead-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import type { LeadFormConfig } from '@/lib/leads/form-config';

export interface ModalFormProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  submitLabel: string;
  successTitle: string;
  successDescription: string;
  showCloseButton: boolean;
  config: LeadFormConfig;
  variantId?: string;
  blockId?: string;
  /** Where focus goes back on close (the dialog was opened by a button outside it). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/** The generic modal form, 480 px wide; loaded on demand by `ModalFormTrigger`. */
export default function ModalForm({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  successTitle,
  successDescription,
  showCloseButton,
  config,
  variantId,
  blockId,
  returnFocusTo,
}: ModalFormProps) {
  const [sent, setSent] = useState(false);
  const changeOpen = (next: boolean) => {
    if (!next) setSent(false);
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent
        maxWidth={480}
        showCloseButton={showCloseButton}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo?.current?.focus();
        }}
      >
        <DialogTitle>{sent ? successTitle : title}</DialogTitle>
        <DialogDescription>{sent ? successDescription : description}</DialogDescription>
        {sent ? (
          <DialogClose asChild>
            <Button className="mt-6 w-full" autoFocus>
              Хорошо
            </Button>
          </DialogClose>
        ) : (
          <LeadForm config={config} submitLabel={submitLabel} variantId={variantId} blockId={blockId} onSuccess={() => setSent(true)} className="mt-6" />
        )}
      </DialogContent>
    </Dialog>
  );
}
