import { filePopupSeeds } from '../popups/seed';
import type { Repositories } from '../repositories';

/** Seeds the file's pop-ups and starts an A/B test of `popup` (headlines A and B) by a console operator; the test as started. */
export async function startSplitTest(repos: Repositories, popup: string, { plannedShows, now }: { plannedShows: number; now: number }) {
  const texts = (headline: string) => ({ headline, text: 'Текст', buttonLabel: 'Получить' });
  await repos.popups.seed(filePopupSeeds(), 1);
  const started = await repos.splitTests.start(popup, [texts('A'), texts('B')], { plannedShows, actor: 'anna@school.ru', now });
  if (!started.started) throw new Error('not started');
  return started.test;
}
