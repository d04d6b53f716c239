import { filePopupSeeds } from '../popups/seed';
import type { Repositories } from '../repositories';
import { popupTests } from '../experiments/subjects/popup';

/** Seeds the file's pop-ups and starts an A/B test of `popup` (headlines A and B) by a console operator; the test as started. */
export async function startSplitTest(
  repos: Repositories,
  popup: string,
  { plannedShows, now, autoKeep = false }: { plannedShows: number; now: number; autoKeep?: boolean },
) {
  const texts = (headline: string) => ({ headline, text: 'Текст', buttonLabel: 'Получить' });
  await repos.popups.seed(filePopupSeeds(), 1);
  const started = await popupTests(repos).start(popup, [texts('A'), texts('B')], { plannedShows, actor: 'anna@school.ru', now, autoKeep });
  if (!started.started) throw new Error('not started');
  return started.test;
}

/**
 * A variant's traffic as the site's steps would count it, through the repository: `shows` new visitors
 * shown the variant at `now`, the first `leads` of them with a counted lead. Visitors are named by
 * `prefix` (a keyed hash in production), so calls with different prefixes add new people; each comes from
 * a network of their own unless `networks` packs them, in turn, into that many.
 */
export async function recordVariantTraffic(
  repos: Pick<Repositories, 'experiments'>,
  testId: string,
  {
    variant,
    shows,
    leads,
    now,
    prefix = `v${variant}`,
    networks = shows,
  }: { variant: number; shows: number; leads: number; now: number; prefix?: string; networks?: number },
): Promise<void> {
  for (let i = 0; i < shows; i++) {
    const visitor = `${prefix}-${i}`;
    const event = { testId, visitor, variant, now, network: `${prefix}-network-${i % networks}` };
    if (!(await popupTests(repos).recordExposure(event))) throw new Error(`show ${visitor} not counted`);
    if (i < leads && !(await popupTests(repos).recordConversion(event))) throw new Error(`lead ${visitor} not counted`);
  }
}
