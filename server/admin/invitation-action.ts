import 'server-only';
import { runActionSteps, type ActionSteps } from './action-steps';
import { hashInvitationToken, invitationState, isInvitationToken, type InvitationState } from './invitations';
import type { ConsoleAction } from './operator-action';
import { getAdminRuntime } from './runtime';

/** Why an invitation's link does not let anyone in. */
export type InvitationRefusal = 'unknown' | Exclude<InvitationState, 'open'>;

/**
 * The one console action taken by someone who is not an operator yet: accepting an invitation. What
 * operatorAction's session is to the others, the invitation is here: the form's `token` must be an open
 * invitation's (else `refused` answers), and its e-mail is who acts, so the steps (action-steps.ts) write
 * the change and its journal row in one transaction as every console action does.
 */
export function invitationAction<Input, Change, Written, Answer>(
  steps: ActionSteps<Input, Change, Written, Answer>,
  refused: (refusal: InvitationRefusal) => Answer,
): ConsoleAction<Answer> {
  return (async (...args: [FormData] | [Answer, FormData]) => {
    const form = args[args.length - 1];
    const token = form instanceof FormData ? form.get('token') : null;
    if (typeof token !== 'string' || !isInvitationToken(token)) return refused('unknown');
    const runtime = await getAdminRuntime();
    const now = Date.now();
    const invitation = await runtime.repos.operatorInvitations.findByTokenHash(hashInvitationToken(token));
    if (!invitation) return refused('unknown');
    const state = invitationState(invitation, now);
    if (state !== 'open') return refused(state);
    return runActionSteps(steps, { email: invitation.email, runtime, now }, form);
  }) as ConsoleAction<Answer>;
}
