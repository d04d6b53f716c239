'use client';

import { useActionState } from 'react';
import { ui } from '@/components/console/ui';
import { eraseVisitorAction, type EraseState } from './lead-actions';
import { eraseStateText } from './lead-labels';

export function EraseVisitorForm() {
  const [state, action, pending] = useActionState<EraseState, FormData>(eraseVisitorAction, { outcome: null });
  const refused = state.outcome === 'email_invalid' || state.outcome === 'not_confirmed';
  return (
    <form action={action} className="flex flex-wrap items-end gap-3">
      <label className="flex flex-col gap-1 text-sm">
        E-mail посетителя
        <input name="email" type="email" required className={ui.input} />
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input name="confirm" type="checkbox" required />
        Удалить все его заявки безвозвратно
      </label>
      <button type="submit" disabled={pending} className={ui.dangerButton}>
        Удалить данные
      </button>
      <p aria-live="polite" className={`basis-full text-sm ${refused ? 'text-red-700' : ''}`}>
        {eraseStateText(state)}
      </p>
    </form>
  );
}
