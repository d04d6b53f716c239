'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from '@/lib/validation/zod';
import { operatorAction } from '@/server/admin/operator-action';
import { getAdminRuntime } from '@/server/admin/runtime';
import { SIGN_IN_PATH } from '@/server/admin/session';
import { signInOperator } from '@/server/admin/sign-in';
import { clientAddress } from '@/server/leads/client-address';

/** Why the console did not let someone in (sign-in-labels.ts words it). */
export type SignInError = 'incomplete' | 'refused' | 'wrong';

export interface SignInState {
  error: SignInError | null;
}

const credentials = z.object({ email: z.string().trim().min(3).max(254), password: z.string().min(1).max(128) });

/** The one public action of the console (no operator yet): every other one is an operatorAction. */
export async function signIn(_previous: SignInState, form: FormData): Promise<SignInState> {
  const parsed = credentials.safeParse({ email: form.get('email'), password: form.get('password') });
  if (!parsed.success) return { error: 'incomplete' };
  const requestHeaders = await headers();
  const outcome = await signInOperator(await getAdminRuntime(), {
    ...parsed.data,
    address: clientAddress(requestHeaders),
    headers: requestHeaders,
  });
  if (outcome !== 'signed-in') return { error: outcome };
  redirect('/admin');
}

/** «Выйти»: the session ends (better-auth writes it on a connection of its own, so before the journal's transaction), then its row. */
export const signOut = operatorAction({
  input: z.object({}),
  async prepare(input, { runtime }) {
    await runtime.auth.api.signOut({ headers: await headers() });
    return input;
  },
  audit: () => ({ action: 'sign_out' }),
  answer: () => redirect(SIGN_IN_PATH),
});
