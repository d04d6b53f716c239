'use client';

import { useActionState } from 'react';
import { ui } from '@/components/console/ui';
import { renameSelfAction, type RenameState } from './operator-actions';
import { ownNameLabels, renameStateText } from './operator-labels';

/** «Ваше имя»: the operator signed in names themself; the list shows the name instead of «—». */
export function OwnNameForm({ name }: { name: string }) {
  const [state, action, pending] = useActionState<RenameState, FormData>(renameSelfAction, { outcome: null });
  const refused = state.outcome === 'name_missing';
  return (
    <form action={action} className="flex max-w-2xl flex-wrap items-end gap-3" aria-label={ownNameLabels.heading}>
      <div className="flex flex-col gap-1 text-sm">
        <label htmlFor="own-name">{ownNameLabels.field}</label>
        <input
          id="own-name"
          name="name"
          autoComplete="name"
          required
          maxLength={100}
          defaultValue={state.outcome === 'renamed' ? state.name : name}
          className={`${ui.input} w-72`}
          aria-describedby="own-name-hint"
          aria-invalid={refused || undefined}
        />
      </div>
      <button type="submit" disabled={pending} className={ui.primaryButton}>
        {ownNameLabels.save}
      </button>
      <p id="own-name-hint" className="basis-full text-sm text-gray-600">
        {ownNameLabels.hint}
      </p>
      <p role="status" aria-live="polite" className={`basis-full text-sm ${refused ? 'text-red-700' : ''}`}>
        {state.outcome !== null && renameStateText(state)}
      </p>
    </form>
  );
}
