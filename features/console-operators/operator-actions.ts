'use server';

import { headers } from 'next/headers';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { emailSchema } from '@/lib/validation/lead';
import { z } from '@/lib/validation/zod';
import { answered } from '@/server/admin/action-steps';
import { invitationAction } from '@/server/admin/invitation-action';
import { hashInvitationToken, INVITATION_LIFETIME_MS, invitationLink, newInvitationToken } from '@/server/admin/invitations';
import { operatorAction } from '@/server/admin/operator-action';
import { hashOperatorPassword } from '@/server/admin/operators';
import { passwordProblem, type PasswordProblem } from '@/lib/operator-password';
import { getAdminRuntime } from '@/server/admin/runtime';
import type { RemoveRefusal } from '@/server/repositories/operators';

const OPERATORS_PATH = '/admin/operators';
/** Without SITE_URL the console is a local one (better-auth's base address is the same default). */
const LOCAL_ORIGIN = 'http://localhost:3000';

/** «Добавить оператора»: the link, shown once to the operator who made it; or why there is none. Codes: operator-labels.ts words them. */
export type InviteState =
  | { outcome: null }
  | { outcome: 'email_invalid' | 'already_operator'; /** As typed, kept in the form (a form action resets its fields). */ email?: string }
  | { outcome: 'invited'; email: string; link: string; expiresAt: number };

/** «Удалить»: done, or refused (the last operator, oneself, one removed meanwhile). */
export type RemoveState = { outcome: null } | { outcome: 'removed'; email: string } | { outcome: RemoveRefusal };

/** «Отозвать» (an invitation not yet accepted): done, or there was none to withdraw (accepted or withdrawn meanwhile). */
export type WithdrawState = { outcome: null } | { outcome: 'withdrawn'; email: string } | { outcome: 'missing' };

/** «Сохранить имя»: the operator's own name, saved; or none typed. */
export type RenameState = { outcome: null } | { outcome: 'renamed'; name: string } | { outcome: 'name_missing' };

/** Accepting an invitation: what is wrong with the form, or with the link itself. */
export type JoinState =
  | { error: null }
  | {
      error: 'name_missing' | PasswordProblem | 'password_mismatch' | 'unknown' | 'expired' | 'accepted' | 'already_operator';
      /** As typed, kept in the form (a form action resets its fields). */ name?: string;
    };

/** «Добавить оператора»: a one-time link for the e-mail, valid 48 hours; a new link for the same e-mail replaces an unused one. */
export const inviteOperatorAction = operatorAction({
  input: z.object({ email: z.string().max(254).default('') }),
  invalid: (): InviteState => ({ outcome: 'email_invalid' }),
  async prepare({ email }, { runtime, now }) {
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) return answered<InviteState>({ outcome: 'email_invalid', email });
    const address = parsed.data.toLowerCase();
    if ((await runtime.repos.operators.list()).some((operator) => operator.email === address))
      return answered<InviteState>({ outcome: 'already_operator', email });
    const token = newInvitationToken();
    return {
      email: address,
      tokenHash: hashInvitationToken(token),
      link: invitationLink(runtime.config.siteOrigin ?? LOCAL_ORIGIN, token),
      expiresAt: now + INVITATION_LIFETIME_MS,
    };
  },
  write: ({ email, tokenHash, expiresAt }, trx, { runtime, email: invitedBy, now }) =>
    runtime.repos.operatorInvitations.create({ email, tokenHash, invitedBy, expiresAt }, now, trx),
  // The token is in no row and no log: only its hash is stored, and the link goes to the inviting operator's page alone.
  audit: (invitation) => ({ action: 'operator_invite', subject: invitation.email }),
  answer(_invitation, { email, link, expiresAt }): InviteState {
    revalidatePath(OPERATORS_PATH);
    return { outcome: 'invited', email, link, expiresAt };
  },
});

/** «Удалить» (after its confirmation): never the last operator, never oneself; their sessions end at once. */
export const removeOperatorAction = operatorAction({
  input: z.object({ id: z.string().min(1).max(100) }),
  invalid: (): RemoveState => ({ outcome: 'missing' }),
  write: ({ id }, trx, { runtime, email }) => runtime.repos.operators.removeById(id, email, trx),
  audit: (result) => ('removed' in result ? { action: 'operator_remove', subject: result.removed.email } : null),
  answer(result): RemoveState {
    if (!('removed' in result)) return { outcome: result.refused };
    revalidatePath(OPERATORS_PATH);
    return { outcome: 'removed', email: result.removed.email };
  },
});

/** «Отозвать» (after its confirmation): the invitation goes, its link lets nobody in any more. */
export const withdrawInvitationAction = operatorAction({
  input: z.object({ id: z.coerce.number().int().positive() }),
  invalid: (): WithdrawState => ({ outcome: 'missing' }),
  write: ({ id }, trx, { runtime }) => runtime.repos.operatorInvitations.withdraw(id, trx),
  audit: (invitation) => (invitation ? { action: 'operator_invite_withdraw', subject: invitation.email } : null),
  answer(invitation): WithdrawState {
    if (!invitation) return { outcome: 'missing' };
    revalidatePath(OPERATORS_PATH);
    return { outcome: 'withdrawn', email: invitation.email };
  },
});

/** An operator's name as a form gives it: one line, spaces joined, at most 100 characters. */
const operatorName = z
  .string()
  .default('')
  .transform((name) => name.replace(/\s+/g, ' ').trim().slice(0, 100));

/** «Сохранить имя»: the operator signed in names themself (shown in «Операторы» instead of «—»). */
export const renameSelfAction = operatorAction({
  input: z.object({ name: operatorName }),
  invalid: (): RenameState => ({ outcome: 'name_missing' }),
  async prepare({ name }) {
    if (!name) return answered<RenameState>({ outcome: 'name_missing' });
    return { name };
  },
  write: ({ name }, trx, { runtime, email, now }) => runtime.repos.operators.rename(email, name, now, trx),
  audit: (renamed, { name }) => (renamed ? { action: 'operator_rename', subject: name } : null),
  answer(renamed, { name }): RenameState {
    revalidatePath(OPERATORS_PATH);
    return renamed ? { outcome: 'renamed', name } : { outcome: 'name_missing' };
  },
});

const joinForm = z.object({
  token: z.string(),
  name: operatorName,
  password: z.string().default(''),
  repeat: z.string().default(''),
});

/**
 * The invited person's «Принять приглашение»: name and password (the command line's rules), then in one
 * transaction the invitation used up, the operator created (password hashed by better-auth) and the
 * journal's row; then signed in and on to the console.
 */
export const acceptInvitationAction = invitationAction(
  {
    input: joinForm,
    invalid: (): JoinState => ({ error: 'name_missing' }),
    async prepare({ token, name, password, repeat }, { runtime, email }) {
      if (!name) return answered<JoinState>({ error: 'name_missing' });
      const weak = passwordProblem(password);
      if (weak) return answered<JoinState>({ error: weak, name });
      if (password !== repeat) return answered<JoinState>({ error: 'password_mismatch', name });
      if ((await runtime.repos.operators.list()).some((operator) => operator.email === email)) return answered<JoinState>({ error: 'already_operator' });
      return { tokenHash: hashInvitationToken(token), name, password, passwordHash: await hashOperatorPassword(runtime.auth, password) };
    },
    async write({ tokenHash, name, passwordHash }, trx, { runtime, email, now }) {
      const invitation = await runtime.repos.operatorInvitations.accept(tokenHash, now, trx);
      // Accepted by another request a moment ago: nothing written.
      if (!invitation) return null;
      // Made an operator meanwhile (the command line): thrown, so the invitation stays unused.
      if (!(await runtime.repos.operators.create({ email, name, passwordHash }, now, trx))) throw new Error('the invited e-mail became an operator meanwhile');
      await runtime.repos.operators.recordSignIn(email, now, trx);
      return invitation;
    },
    audit: (invitation, { name }) =>
      invitation ? { action: 'operator_join', subject: invitation.email, details: { name, invitedBy: invitation.invitedBy } } : null,
    async answer(invitation, { password }): Promise<JoinState> {
      if (!invitation) return { error: 'accepted' };
      const { auth } = await getAdminRuntime();
      await auth.api.signInEmail({ body: { email: invitation.email, password }, headers: await headers() });
      redirect('/admin');
    },
  },
  (refusal): JoinState => ({ error: refusal }),
);
