import 'server-only';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getAdminRuntime, type AdminRuntime } from './runtime';

export interface SignedInOperator {
  id: string;
  email: string;
}

export const SIGN_IN_PATH = '/admin/sign-in';

/** The operator of this request's session cookie, checked against the sessions table; null when none. */
export async function operatorOf(requestHeaders: Headers, runtime?: AdminRuntime): Promise<SignedInOperator | null> {
  const { auth } = runtime ?? (await getAdminRuntime());
  const session = await auth.api.getSession({ headers: requestHeaders });
  return session ? { id: session.user.id, email: session.user.email } : null;
}

/**
 * The first line of every admin page and server action: the signed-in operator, or a redirect to the
 * sign-in page. Route handlers use `operatorOf(request.headers)` and answer 401 instead.
 */
export async function requireOperator(): Promise<SignedInOperator & { runtime: AdminRuntime; now: number }> {
  const runtime = await getAdminRuntime();
  const operator = await operatorOf(await headers(), runtime);
  if (!operator) redirect(SIGN_IN_PATH);
  // The request's time, read once: pages compute their periods from it (a render itself stays pure).
  return { ...operator, runtime, now: Date.now() };
}
