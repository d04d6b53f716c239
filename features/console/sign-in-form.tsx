'use client';

import { useActionState } from 'react';
import { ui } from '@/components/console/ui';
import { signIn, type SignInState } from './auth-actions';
import { signInErrorTexts } from './sign-in-labels';

export function SignInForm() {
  const [state, action, pending] = useActionState<SignInState, FormData>(signIn, { error: null });
  return (
    <form action={action} className="flex flex-col gap-4" aria-describedby={state.error ? 'sign-in-error' : undefined}>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Почта
        <input name="email" type="email" autoComplete="username" required className={ui.input} />
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Пароль
        <input name="password" type="password" autoComplete="current-password" required className={ui.input} />
      </label>
      {state.error && (
        <p id="sign-in-error" role="alert" className="text-sm text-red-700">
          {signInErrorTexts[state.error]}
        </p>
      )}
      <button type="submit" disabled={pending} className={ui.primaryButton}>
        {pending ? 'Проверяем…' : 'Войти'}
      </button>
    </form>
  );
}
