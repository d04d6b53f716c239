'use client';

import { useActionState } from 'react';
import { ui } from '@/components/console/ui';
import { acceptInvitationAction, type JoinState } from './operator-actions';
import { joinErrorText, passwordHint } from './operator-labels';

/** The invited person's form: their name and a password twice; on success they are signed in and in the console. */
export function JoinForm({ token, email }: { token: string; email: string }) {
  const [state, action, pending] = useActionState<JoinState, FormData>(acceptInvitationAction, { error: null });
  const field = 'flex flex-col gap-1 text-sm font-medium';
  return (
    <form action={action} className="flex flex-col gap-4" aria-describedby={state.error ? 'join-error' : undefined}>
      <input type="hidden" name="token" value={token} />
      <p className="text-sm">
        Почта: <strong>{email}</strong>
      </p>
      <label className={field}>
        Ваше имя
        <input name="name" autoComplete="name" required maxLength={100} defaultValue={'name' in state ? state.name : undefined} className={ui.input} />
      </label>
      <div className={field}>
        <label htmlFor="join-password">Пароль</label>
        <span id="join-password-hint" className="font-normal text-gray-600">
          {passwordHint}
        </span>
        <input
          id="join-password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          className={ui.input}
          aria-describedby="join-password-hint"
        />
      </div>
      <label className={field}>
        Пароль ещё раз
        <input name="repeat" type="password" autoComplete="new-password" required className={ui.input} />
      </label>
      {state.error && (
        <p id="join-error" role="alert" className="text-sm text-red-700">
          {joinErrorText(state.error)}
        </p>
      )}
      <button type="submit" disabled={pending} className={ui.primaryButton}>
        {pending ? 'Сохраняем…' : 'Принять приглашение'}
      </button>
    </form>
  );
}
