'use client';

import { useActionState } from 'react';
import { CopyButton } from '@/components/console/copy-button';
import { ui } from '@/components/console/ui';
import { inviteOperatorAction, type InviteState } from './operator-actions';
import { invitationNote, inviteRefusalTexts } from './operator-labels';

/** «Добавить оператора»: an e-mail in, a one-time link out, shown only here and now, with a copy button. */
export function InviteForm() {
  const [state, action, pending] = useActionState<InviteState, FormData>(inviteOperatorAction, { outcome: null });
  const refused = state.outcome === 'email_invalid' || state.outcome === 'already_operator';
  return (
    <div className="flex max-w-2xl flex-col gap-3">
      <form action={action} className="flex flex-wrap items-end gap-3" aria-label="Добавить оператора">
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor="invite-email">Почта нового оператора</label>
          <input
            id="invite-email"
            name="email"
            type="email"
            autoComplete="off"
            required
            defaultValue={refused ? state.email : undefined}
            className={`${ui.input} w-72`}
            aria-invalid={refused || undefined}
            aria-describedby={refused ? 'invite-error' : undefined}
          />
        </div>
        <button type="submit" disabled={pending} className={ui.primaryButton}>
          Добавить оператора
        </button>
      </form>
      <div role="status" aria-live="polite" className="text-sm">
        {refused && (
          <p id="invite-error" className="text-red-700">
            {inviteRefusalTexts[state.outcome]}
          </p>
        )}
        {state.outcome === 'invited' && (
          <div className="flex flex-col gap-2 rounded border border-gray-300 bg-white p-3">
            <label htmlFor="invite-link" className="font-medium">
              Ссылка-приглашение
            </label>
            <div className="flex flex-wrap gap-2">
              <input
                id="invite-link"
                readOnly
                value={state.link}
                className={`${ui.input} min-w-0 flex-1 font-mono`}
                onFocus={(event) => event.currentTarget.select()}
              />
              <CopyButton text={state.link} />
            </div>
            <p>{invitationNote(state)}</p>
          </div>
        )}
      </div>
    </div>
  );
}
