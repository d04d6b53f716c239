/**
 * Exposure: a visitor shown (served) a running test's variant counts once a test, when their id is one
 * the server signed as counted (an id issued past its network's allowance keeps its variant but counts
 * nothing: server/experiments/visitor-id.ts), where the test is served, and while the client's address
 * and network have not had their daily share of the test's new visitors (DAILY_CAPS.testShow,
 * NETWORK_DAILY_CAPS.testShow, decided in the database before the visitor is stored). The visitor keeps
 * their network, so the test knows how many networks its figures come from.
 */
import { moscowToday } from '@/lib/calendar';
import type { Repositories } from '../repositories';
import { capsOf, countWithinCaps, type TrafficClient } from '../traffic/caps';
import { visitorIdKind } from './visitor-id';
import { visitorKey } from './visitor';

/** What a test's show or lead did to its figures: counted, not counted (suspicious), or a repeat of a counted one (neither). */
export type TestEventOutcome = 'counted' | 'uncounted' | 'repeat';

/**
 * A `shown` beacon of a running pop-up test's variant (checked to be the visitor's before): `visitor` is
 * its keyed hash, null when the id did not verify or was issued past its network's allowance; `targeted`:
 * the page is one the pop-up targets.
 */
export async function countTestShow(
  repos: Pick<Repositories, 'experiments' | 'traffic'>,
  show: { testId: string; variant: number; visitor: string | null; targeted: boolean; client: TrafficClient; day: string; now: number },
): Promise<TestEventOutcome> {
  const { testId, visitor } = show;
  if (!visitor || !show.targeted) return 'uncounted';
  if ((await repos.experiments.visitorSeen(testId, visitor)).shown !== null) return 'repeat';
  if (!(await countWithinCaps(repos, show.day, `test:${testId}:show`, show.client, capsOf('testShow')))) return 'uncounted';
  const counted = await repos.experiments.recordVisitor({ testId, visitor, variant: show.variant, now: show.now, network: show.client.network });
  return counted ? 'counted' : 'repeat';
}

/** A page view the proxy served of a page test's variant (`visitor`: the signed id): the visitor's first counts. */
export async function countPageTestVisitor(
  test: { id: string },
  visitor: string,
  variant: number,
  context: { repos: Repositories; hashKey: string; client: TrafficClient; now: number },
): Promise<boolean> {
  const { repos, hashKey, now } = context;
  const key = visitorKey(visitor, hashKey);
  if ((await repos.experiments.visitorSeen(test.id, key)).shown !== null) return false;
  const day = moscowToday(new Date(now));
  const within =
    visitorIdKind(visitor, hashKey) === 'counted' && (await countWithinCaps(repos, day, `page-test:${test.id}:visitor`, context.client, capsOf('testShow')));
  const counted = within && (await repos.experiments.recordVisitor({ testId: test.id, visitor: key, variant, now, network: context.client.network }));
  await repos.traffic.tally(day, 'test', test.id, { counted: counted ? 1 : 0, uncounted: within ? 0 : 1 });
  return counted;
}
