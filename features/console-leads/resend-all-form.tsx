'use client';

import { useActionState } from 'react';
import { ui } from '@/components/console/ui';
import { resendAllDeadAction, type ResendAllState } from './lead-actions';
import { resendAllText } from './lead-labels';

/**
 * «Отправить заново все недоставленные (N)» and, after it, how many went back in the queue (no more: what
 * became of them the list and RetryingDeliveries say), in a status region that stays on the page when no
 * dead delivery is left (the button then goes).
 */
export function ResendAllForm({ dead }: { dead: number }) {
  const [state, action, pending] = useActionState<ResendAllState, FormData>(resendAllDeadAction, null);
  return (
    <form action={action} className="flex flex-wrap items-center gap-3">
      {dead > 0 && (
        <button type="submit" disabled={pending} className={ui.button}>
          Отправить заново все недоставленные ({dead})
        </button>
      )}
      <p role="status" className="text-sm">
        {resendAllText(state)}
      </p>
    </form>
  );
}
