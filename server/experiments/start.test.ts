import { beforeEach, expect, it } from 'vitest';
import { noChanges } from '@/lib/page-tests/variants';
import { filePopupSeeds } from '../popups/seed';
import { describeEachDatabase } from '../testing/databases';
import { startExperiment } from './start';
import { pageTests } from './subjects/page';
import { popupTests } from './subjects/popup';

const who = { actor: 'anna@school.ru', now: 1000 };
const texts = (headline: string) => ({ headline, text: 'Текст', buttonLabel: 'Получить' });

describeEachDatabase('startExperiment', (database) => {
  beforeEach(() => database().clear());

  it('starts a running test of a pop-up or a page, one a subject, with the plan of visitors when none is given', async () => {
    const { repos } = database();
    await repos.popups.seed(filePopupSeeds(), 1);
    const popupId = filePopupSeeds()[0]!.id;
    const popup = await startExperiment(repos, { kind: 'popup', popupId, variants: [texts('A'), texts('B')], autoKeep: true }, who);
    if (!popup.started) throw new Error('not started');
    expect(await popupTests(repos).get(popup.testId)).toMatchObject({ status: 'running', popupId, autoKeep: true, startedBy: who.actor });
    expect((await popupTests(repos).get(popup.testId))!.plannedShows).toBeGreaterThan(1000);
    expect(await startExperiment(repos, { kind: 'popup', popupId, variants: [texts('A'), texts('C')] }, who)).toEqual({ started: false, reason: 'running' });

    const b = { ...noChanges, headline: 'Новый заголовок' };
    const page = await startExperiment(repos, { kind: 'page', pagePath: '/products/junior-js', variants: [b], plannedVisitors: 500 }, who);
    if (!page.started) throw new Error('not started');
    expect(await pageTests(repos).get(page.testId)).toMatchObject({
      status: 'running',
      pagePath: '/products/junior-js',
      variants: [noChanges, b],
      plannedVisitors: 500,
    });
    expect(await startExperiment(repos, { kind: 'page', pagePath: '/products/junior-js', variants: [b] }, who)).toEqual({ started: false, reason: 'running' });
  });
});
