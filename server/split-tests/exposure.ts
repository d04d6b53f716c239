import type { Repositories } from '../repositories';
import { capsOf, countWithinCaps, type TrafficClient } from '../traffic/caps';
import { popupTests } from '../experiments/subjects/popup';

/** What a split test's show or lead did to its figures: counted, not counted (suspicious), or a repeat of a counted one (neither). */
export type TestEventOutcome = 'counted' | 'uncounted' | 'repeat';

/**
 * A `shown` beacon of a running test's variant (checked to be the visitor's before): the visitor's first
 * show counts when their id is one the server signed as counted (`visitor`: its keyed hash, null when it
 * did not verify or was issued past its network's allowance), the page is one the pop-up targets, and
 * the client's address and network have not had their daily share of the test's new visitors
 * (DAILY_CAPS.testShow, NETWORK_DAILY_CAPS.testShow, decided in the database before the show is stored).
 * The show keeps its network, so the test knows how many networks its figures come from.
 */
export async function countTestShow(
  repos: Pick<Repositories, 'experiments' | 'traffic'>,
  show: { testId: string; variant: number; visitor: string | null; targeted: boolean; client: TrafficClient; day: string; now: number },
): Promise<TestEventOutcome> {
  const { testId, visitor } = show;
  if (!visitor || !show.targeted) return 'uncounted';
  if ((await popupTests(repos).visitorSeen(testId, visitor)).shown !== null) return 'repeat';
  if (!(await countWithinCaps(repos, show.day, `test:${testId}:show`, show.client, capsOf('testShow')))) return 'uncounted';
  const counted = await popupTests(repos).recordExposure({ testId, visitor, variant: show.variant, now: show.now, network: show.client.network });
  return counted ? 'counted' : 'repeat';
}
