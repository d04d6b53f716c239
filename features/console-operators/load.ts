import { getAdminRuntime } from '@/server/admin/runtime';
import { requireOperator } from '@/server/admin/session';
import { hashInvitationToken, invitationState, isInvitationToken } from '@/server/admin/invitations';

/** «Операторы»: who may sign in (with their last sign-in), the invitations not yet accepted, and who asks. */
export async function loadOperators() {
  const { runtime, email, now } = await requireOperator();
  const [operators, invitations] = await Promise.all([runtime.repos.operators.list(), runtime.repos.operatorInvitations.open(now)]);
  return {
    me: email,
    operators: operators.map(({ id, email: address, name, createdAt, lastSignInAt }) => ({
      id,
      email: address,
      name,
      createdAt: createdAt.getTime(),
      lastSignInAt,
    })),
    invitations: invitations.map(({ id, email: address, invitedBy, expiresAt }) => ({ id, email: address, invitedBy, expiresAt })),
  };
}

export type Operators = Awaited<ReturnType<typeof loadOperators>>;

/** An invitation's page (no session: the link is the key): its e-mail while open, else why it no longer lets anyone in. */
export async function loadInvitation(token: string): Promise<{ state: 'open'; email: string } | { state: 'unknown' | 'expired' | 'accepted' }> {
  if (!isInvitationToken(token)) return { state: 'unknown' };
  const { repos } = await getAdminRuntime();
  const invitation = await repos.operatorInvitations.findByTokenHash(hashInvitationToken(token));
  if (!invitation) return { state: 'unknown' };
  const state = invitationState(invitation, Date.now());
  return state === 'open' ? { state, email: invitation.email } : { state };
}
