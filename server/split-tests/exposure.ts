import type { Repositories } from '../repositories';
import { DAILY_CAPS } from '../traffic/caps';

/** What a split test's show or lead did to its figures: counted, not counted (suspicious), or a repeat of a counted one (neither). */
export type TestEventOutcome = 'counted' | 'uncounted' | 'repeat';

/**
 * A `shown` beacon of a running test's variant (checked to be the visitor's before): the visitor's first
 * show counts when their id is one the server signed (`visitor`: its keyed hash, null when it did not
 * verify), the page is one the pop-up targets, and the client address has not had its daily share of
 * the test's new visitors (DAILY_CAPS.testShow, decided in the database before the show is stored).
 */
export async function countTestShow(
  repos: Pick<Repositories, 'splitTests' | 'traffic'>,
  show: { testId: string; variant: number; visitor: string | null; targeted: boolean; address: string; day: string; now: number },
): Promise<TestEventOutcome> {
  const { testId, visitor } = show;
  if (!visitor || !show.targeted) return 'uncounted';
  if ((await repos.splitTests.visitorSeen(testId, visitor)).shown !== null) return 'repeat';
  if (!(await repos.traffic.countWithin(show.day, `test:${testId}:show`, show.address, DAILY_CAPS.testShow))) return 'uncounted';
  return (await repos.splitTests.recordExposure({ testId, visitor, variant: show.variant, now: show.now })) ? 'counted' : 'repeat';
}
