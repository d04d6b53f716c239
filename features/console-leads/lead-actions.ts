'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from '@/lib/validation/zod';
import { emailSchema } from '@/lib/validation/lead';
import { operatorAction } from '@/server/admin/operator-action';
import { deleteWithheldSteps, releaseWithheldSteps } from '@/server/admin/withheld-leads';
import type { WithheldScope } from '@/server/repositories/leads';
import { eraseVisitor } from '@/server/privacy/erase';
import type { ErasureCounts } from '@/server/repositories/personal-data';

const id = z.coerce.number().int().positive();

/** «Отправить заново»: one dead delivery of a lead back in the queue. */
export const resendDeliveryAction = operatorAction({
  input: z.object({ outboxId: id, leadId: id }),
  write: ({ outboxId }, trx, { runtime, now }) => runtime.repos.deliveryQueue.requeueDead(now, outboxId, trx),
  audit: (requeued, { leadId, outboxId }) => (requeued === 1 ? { action: 'resend', subject: `lead ${leadId}`, details: { outboxId } } : null),
  answer: (_requeued, { leadId }) => revalidatePath(`/admin/leads/${leadId}`),
});

/** What «Отправить заново все недоставленные» answers (lead-labels.ts words it): how many went back in the queue. */
export type ResendAllState = { resent: number } | null;

/** «Отправить заново все недоставленные». */
export const resendAllDeadAction = operatorAction({
  input: z.object({}),
  write: (_change, trx, { runtime, now }) => runtime.repos.deliveryQueue.requeueDead(now, undefined, trx),
  audit: (count) => ({ action: 'resend_all', details: { count } }),
  answer(count): ResendAllState {
    revalidatePath('/admin/leads');
    return { resent: count };
  },
});

/** «Отметить как спам» / «Это не спам». */
export const markSpamAction = operatorAction({
  input: z.object({ leadId: id, spam: z.enum(['0', '1']).transform((flag) => flag === '1') }),
  write: ({ leadId, spam }, trx, { runtime }) => runtime.repos.leads.markSpam(leadId, spam, trx),
  audit: (marked, { leadId, spam }) => (marked ? { action: spam ? 'spam' : 'not_spam', subject: `lead ${leadId}` } : null),
  answer: (_marked, { leadId }) => revalidatePath(`/admin/leads/${leadId}`),
});

/** What the erasure form shows (lead-labels.ts words it). */
export type EraseState = { outcome: null } | { outcome: 'email_invalid' | 'not_confirmed' } | { outcome: 'erased'; counts: ErasureCounts };

/** «Удалить данные»: every trace of a visitor, at their request (152-FZ). */
export const eraseVisitorAction = operatorAction({
  input: z.object({ email: emailSchema, confirm: z.literal('on') }),
  invalid: (error): EraseState => ({ outcome: error.issues.some((issue) => issue.path[0] === 'email') ? 'email_invalid' : 'not_confirmed' }),
  write: ({ email }, trx, { runtime }) => eraseVisitor(runtime.repos, email, runtime.hashKey, trx),
  // The address is the request's subject: the log keeps who asked to erase whom, as 152-FZ requires an answer.
  audit: (counts, { email }) => ({ action: 'erase', subject: email, details: { ...counts } }),
  answer(counts): EraseState {
    revalidatePath('/admin/leads');
    return { outcome: 'erased', counts };
  },
});

/** The list of leads held back as «Похоже на спам»: where the section's buttons, and a deleted lead's page, lead back to. */
const WITHHELD_LIST = '/admin/leads?spam=withheld';

/** A held lead's page, or the section, read again after a release. */
function afterRelease(scope: WithheldScope): void {
  revalidatePath('leadId' in scope ? `/admin/leads/${scope.leadId}` : '/admin/leads');
}

/** «Выпустить» (a lead's page) / «Выпустить все» (the section): GetCourse and the managers get them as any other lead. */
export const releaseWithheldAction = operatorAction({ ...releaseWithheldSteps, answer: (_released, scope) => afterRelease(scope) });

/** «Удалить» / «Удалить все»: erased as a visitor's erasure erases; a deleted lead's page is gone, so back to the section. */
export const deleteWithheldAction = operatorAction({
  ...deleteWithheldSteps,
  answer(_counts, scope) {
    revalidatePath('/admin/leads');
    if ('leadId' in scope) redirect(WITHHELD_LIST);
  },
});
