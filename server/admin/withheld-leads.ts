/**
 * The console's two answers to leads held back as «Похоже на спам» (server/rules/flood-signs.ts): release
 * them (GetCourse and the managers get them as any other lead) or delete them (erased as a visitor's
 * erasure erases). The steps are here, apart from the Server Actions that run them
 * (features/console-leads/lead-actions.ts), so a test runs them as the console does.
 */
import { z } from '@/lib/validation/zod';
import { eraseWithheld } from '../privacy/erase';
import type { WithheldScope } from '../repositories/leads';
import type { ErasureCounts } from '../repositories/personal-data';
import type { ActionSteps } from './action-steps';

const id = z.coerce.number().int().positive();

/**
 * One lead (its page's buttons), or every held lead up to the newest the list showed (the section's
 * buttons): a lead held after the page was drawn is never released or deleted unseen.
 */
const withheldScope: z.ZodType<WithheldScope> = z.union([z.object({ leadId: id }), z.object({ upTo: id })]);

/** A console action's steps but its answer, which the Server Action gives (a revalidated page). */
type StepsBeforeAnswer<Written> = Omit<ActionSteps<WithheldScope, WithheldScope, Written, never>, 'answer' | 'invalid'>;

const subjectOf = (scope: WithheldScope) => ('leadId' in scope ? `lead ${scope.leadId}` : null);

/** «Выпустить»: the leads no longer held, their deliveries and alerts due; the ids released. */
export const releaseWithheldSteps: StepsBeforeAnswer<number[]> = {
  input: withheldScope,
  write: (scope, trx, { runtime, now }) => runtime.repos.leads.releaseWithheld(scope, now, trx),
  audit: (released, scope) => (released.length === 0 ? null : { action: 'withheld_release', subject: subjectOf(scope), details: { leads: released.length } }),
};

/** «Удалить»: the leads erased with their deliveries, alerts and e-mails' counters. */
export const deleteWithheldSteps: StepsBeforeAnswer<ErasureCounts> = {
  input: withheldScope,
  write: (scope, trx, { runtime }) => eraseWithheld(runtime.repos, scope, runtime.hashKey, trx),
  audit: (counts, scope) =>
    counts.leads === 0 ? null : { action: 'withheld_delete', subject: subjectOf(scope), details: { leads: counts.leads, deliveries: counts.deliveries } },
};
