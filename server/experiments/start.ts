/**
 * The engine's one entry to start a test, of either kind: what the console's actions do after their
 * checks, for code that starts tests by itself. The subject says what a variant changes (a pop-up's texts,
 * A first; a page's changes, B on: A is the page as it is) and where it is served; the plan of visitors
 * a variant is the engine's (the pop-up's own conversion over 28 days, else 3 %) unless given.
 */
import type { Kysely } from 'kysely';
import type { VariantTexts } from '@/lib/experiments/variants';
import { noChanges, type PageVariantChanges } from '@/lib/page-tests/variants';
import type { Database } from '../db/schema';
import type { Repositories } from '../repositories';
import { planTest, plannedVisitors } from './report';
import { popupTests } from './subjects/popup';

export type ExperimentStart =
  | { kind: 'popup'; popupId: string; /** A first. */ variants: VariantTexts[]; plannedVisitors?: number; autoKeep?: boolean }
  | { kind: 'page'; pagePath: string; /** B on. */ variants: PageVariantChanges[]; plannedVisitors?: number };

/**
 * Starts a running test of the subject, unless one runs (`running`); in the caller's `trx` when given
 * (with its journal row). The variants are taken as given: the caller has checked them as the console does.
 */
export async function startExperiment(
  repos: Repositories,
  start: ExperimentStart,
  who: { actor: string; now: number },
  trx?: Kysely<Database>,
): Promise<{ started: true; testId: string } | { started: false; reason: 'running' }> {
  if (start.kind === 'popup') {
    const planned = start.plannedVisitors ?? (await planTest(repos, start.popupId, start.variants.length, who.now)).plannedShows;
    const started = await popupTests(repos).start(
      start.popupId,
      start.variants,
      { plannedShows: planned, actor: who.actor, now: who.now, autoKeep: start.autoKeep },
      trx,
    );
    return started.started ? { started: true, testId: started.test.id } : started;
  }
  const planned = start.plannedVisitors ?? plannedVisitors(start.variants.length + 1);
  const created = await repos.experiments.create(
    { kind: 'page', subject: start.pagePath, variants: [noChanges, ...start.variants], plannedVisitors: planned, start: true, actor: who.actor, now: who.now },
    trx,
  );
  return created.created ? { started: true, testId: created.test.id } : { started: false, reason: created.reason };
}
