'use client';

import { useState, type ReactNode } from 'react';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { ui } from './ui';

/**
 * A console button that asks first: it opens a dialog (role="dialog", named by its question; Escape and
 * «Отмена» close it, focus comes back to the button) whose confirming button submits `fields` to `action`.
 * For whatever is done at once and not taken back by a second press: a removal, a rollback, a verdict.
 */
export function ConfirmDialog({
  action,
  fields,
  trigger,
  triggerLabel,
  title,
  description,
  confirm,
  cancel = 'Отмена',
  danger = true,
}: {
  action: (form: FormData) => void | Promise<void>;
  fields: Record<string, string | number>;
  /** The button's text in the row («Удалить»). */
  trigger: ReactNode;
  /** The button's accessible name where its text alone is ambiguous in a list («Удалить оператора anna@school.ru»). */
  triggerLabel?: string;
  title: string;
  description: ReactNode;
  /** The confirming button's text. */
  confirm: string;
  cancel?: string;
  /** Red for what takes something away (a removal); plain for what can be undone (a rollback). */
  danger?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <button type="button" className={ui.button} aria-label={triggerLabel}>
          {trigger}
        </button>
      </DialogTrigger>
      <DialogContent maxWidth={480}>
        <DialogTitle className="text-xl">{title}</DialogTitle>
        <DialogDescription asChild>
          <div>{description}</div>
        </DialogDescription>
        <form
          action={async (form) => {
            setOpen(false);
            await action(form);
          }}
          className="mt-6 flex flex-wrap gap-3"
        >
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className={danger ? ui.dangerButton : ui.primaryButton}>
            {confirm}
          </button>
          <DialogClose asChild>
            <button type="button" className={ui.button}>
              {cancel}
            </button>
          </DialogClose>
        </form>
      </DialogContent>
    </Dialog>
  );
}
