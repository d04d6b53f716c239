import { isSystemActor, type SystemActor } from '@/lib/actors';

/** The words of the site's own actors (lib/actors.ts), as «Журнал», a pop-up's versions and a test's page say who did it. */
export const systemActorLabels: Record<SystemActor, string> = {
  'system:auto_keep': 'автоматически, по выводу теста',
  'system:autopilot': 'автопилот',
};

/** Who did it, as the console says it: an operator's e-mail as stored, the site's own code in words. */
export function actorText(actor: string): string {
  return isSystemActor(actor) ? systemActorLabels[actor] : actor;
}
