/**
 * Who did something, as the actor columns store it (`admin_audit_log.actor`, `popup_versions.actor`,
 * `split_tests.stopped_by`, `page_tests.stopped_by`): an operator's e-mail, or one of these codes when
 * the site did it itself. Never words: the console says who in Russian (components/console/actor-labels.ts).
 */

/** The split-test job kept the winner the test's verdict named, as the marketer asked when starting it. */
export const AUTO_KEEP_ACTOR = 'system:auto_keep';

/** The autopilot (server/autopilot/) ended a test for futility or on its verdict, or kept its winner. */
export const AUTOPILOT_ACTOR = 'system:autopilot';

export const SYSTEM_ACTORS = [AUTO_KEEP_ACTOR, AUTOPILOT_ACTOR] as const;
export type SystemActor = (typeof SYSTEM_ACTORS)[number];

export function isSystemActor(actor: string | null): actor is SystemActor {
  return (SYSTEM_ACTORS as readonly (string | null)[]).includes(actor);
}
