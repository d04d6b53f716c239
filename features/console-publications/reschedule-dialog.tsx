'use client';

import { useActionState, useState } from 'react';
import { ui } from '@/components/console/ui';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { reschedulePublicationAction, type RescheduleState } from './publication-actions';

/**
 * «Перенести»: a dialog (role="dialog", named by its question; Escape and «Отмена» close it) with the new
 * date and time, Moscow; a refusal stays in the dialog beside the field, a move reloads «Публикации».
 */
export function RescheduleDialog({ target, name, current, label }: { target: string; name: string; current: string; label: string }) {
  const [open, setOpen] = useState(false);
  const [state, action, pending] = useActionState<RescheduleState, FormData>(reschedulePublicationAction, { problem: null });
  const fieldId = `reschedule-${target}`;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <button type="button" className={ui.button} aria-label={label}>
          Перенести
        </button>
      </DialogTrigger>
      <DialogContent maxWidth={480}>
        <DialogTitle className="text-xl">Перенести: {name}</DialogTitle>
        <DialogDescription>Новое время, московское. Всё остальное останется как есть.</DialogDescription>
        <form action={action} className="mt-4 flex flex-col gap-3">
          <input type="hidden" name="target" value={target} />
          <label htmlFor={fieldId} className="text-sm font-medium">
            Новые дата и время
          </label>
          <input
            id={fieldId}
            name="at"
            type="datetime-local"
            required
            defaultValue={current}
            className={ui.input}
            aria-invalid={state.problem ? true : undefined}
            aria-describedby={state.problem ? `${fieldId}-error` : undefined}
          />
          {state.problem && (
            <p id={`${fieldId}-error`} role="alert" className="text-sm text-red-700">
              {state.problem}
            </p>
          )}
          <div className="mt-2 flex flex-wrap gap-3">
            <button type="submit" className={ui.primaryButton} disabled={pending}>
              Перенести
            </button>
            <DialogClose asChild>
              <button type="button" className={ui.button}>
                Отмена
              </button>
            </DialogClose>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
