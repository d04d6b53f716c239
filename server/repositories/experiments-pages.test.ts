import { beforeEach, expect, it } from 'vitest';
import { noChanges } from '@/lib/page-tests/variants';
import { describeEachDatabase } from '../testing/databases';
import { pageTests } from '../experiments/subjects/page';

const actor = 'anna@school.ru';

describeEachDatabase('page tests repository', (database) => {
  beforeEach(() => database().clear());

  it('answers the finished tests of every page, the last ended first, never a draft or a running one', async () => {
    const { repos } = database();
    const started = async (pagePath: string, now: number) => {
      const test = await pageTests(repos).create({ pagePath, variants: [{ ...noChanges, headline: 'Б' }], plannedVisitors: 100, actor, now });
      const outcome = await pageTests(repos).start(test.id, { actor, now: now + 1 });
      if (!outcome.started) throw new Error('not started');
      return test;
    };
    const kept = await started('/products/junior-js', 1000);
    const stopped = await started('/products/middle-js', 2000);
    await started('/products/git', 3000);
    await pageTests(repos).create({ pagePath: '/products/react', variants: [{ ...noChanges, headline: 'В' }], plannedVisitors: 100, actor, now: 4000 });
    await pageTests(repos).stop(stopped.id, { actor: 'vera@school.ru', now: 5000 });
    await pageTests(repos).stop(kept.id, { actor: 'vera@school.ru', now: 6000, winner: 1 });
    const finished = await pageTests(repos).finished();
    expect(finished.map((test) => [test.id, test.status, test.stoppedBy])).toEqual([
      [kept.id, 'kept', 'vera@school.ru'],
      [stopped.id, 'stopped', 'vera@school.ru'],
    ]);
    expect(finished[0]!.variants).toEqual([noChanges, { ...noChanges, headline: 'Б' }]);
  });
});
