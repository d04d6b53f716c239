'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from '@/lib/validation/zod';
import { getAdminRuntime } from '@/server/admin/runtime';
import { requireOperator, SIGN_IN_PATH } from '@/server/admin/session';
import { signInOperator } from '@/server/admin/sign-in';
import { clientAddress } from '@/server/leads/client-address';

export interface SignInState {
  error: string | null;
}

const credentials = z.object({ email: z.string().trim().min(3).max(254), password: z.string().min(1).max(128) });

/** The one public action of the console: everything else starts with requireOperator(). */
export async function signIn(_previous: SignInState, form: FormData): Promise<SignInState> {
  const parsed = credentials.safeParse({ email: form.get('email'), password: form.get('password') });
  if (!parsed.success) return { error: 'Введите почту и пароль' };
  const requestHeaders = await headers();
  const outcome = await signInOperator(await getAdminRuntime(), {
    ...parsed.data,
    address: clientAddress(requestHeaders),
    headers: requestHeaders,
  });
  if (outcome === 'refused') return { error: 'Слишком много неудачных попыток. Попробуйте через 15 минут' };
  if (outcome === 'wrong') return { error: 'Неверная почта или пароль' };
  redirect('/admin');
}

export async function signOut(): Promise<void> {
  const operator = await requireOperator();
  await operator.runtime.auth.api.signOut({ headers: await headers() });
  await operator.runtime.repos.audit.record({ actor: operator.email, action: 'sign_out' });
  redirect(SIGN_IN_PATH);
}
