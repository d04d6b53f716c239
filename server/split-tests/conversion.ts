import { moscowToday } from '@/lib/calendar';
import { assignVariant, readTestBlockId } from '@/lib/experiments/variants';
import { errorKind, type Logger } from '../log';
import { popupTargetsPath } from '../popups/targeting';
import type { SplitTest } from '../experiments/subjects/popup';
import type { Repositories } from '../repositories';
import { capsOf, countWithinCaps, type TrafficClient } from '../traffic/caps';
import type { TestEventOutcome } from './exposure';
import { testVisitorOf, visitorKey } from './visitor';
import { popupTests } from '../experiments/subjects/popup';

/**
 * A lead the server accepted counts for a split test when its form carries the pop-up and the variant
 * (`extra.block_id` = `popup:<id>:<letter>`), the pop-up's test is running, the visitor's id is one the
 * server signed as counted and is assigned that variant, the lead came from a page the pop-up targets
 * (`extra.page_path`), the visitor was shown that variant, and the client's address and network have not
 * had their daily share of the test's leads (DAILY_CAPS.testLead, NETWORK_DAILY_CAPS.testLead); once a
 * visitor and test (the database's key), keeping its network. What fails these is added to the test's
 * uncounted events. Never fails the lead: it is stored and delivered whatever this says, and a problem
 * here is logged and the lead stands.
 */
export async function countTestConversion(
  headers: Headers,
  lead: unknown,
  context: { repos: Repositories; hashKey: string; client: TrafficClient; now: number; log: Logger },
): Promise<boolean> {
  const extra = (lead as { extra?: { block_id?: unknown; page_path?: unknown } } | null)?.extra;
  const claimed = readTestBlockId(typeof extra?.block_id === 'string' ? extra.block_id : null);
  if (!claimed) return false;
  const { repos, now } = context;
  try {
    const test = (await popupTests(repos).running()).find((candidate) => candidate.popupId === claimed.popup);
    if (!test || claimed.variant >= test.variants.length) return false;
    const day = moscowToday(new Date(now));
    const outcome = await conversionOutcome(headers, extra?.page_path, test, claimed.variant, { ...context, day });
    if (outcome !== 'repeat')
      await repos.traffic.tally(day, 'test', test.id, { counted: outcome === 'counted' ? 1 : 0, uncounted: outcome === 'uncounted' ? 1 : 0 });
    return outcome === 'counted';
  } catch (error) {
    context.log.warn('split_test.conversion_failed', { error: errorKind(error) });
    return false;
  }
}

async function conversionOutcome(
  headers: Headers,
  pagePath: unknown,
  test: SplitTest,
  variant: number,
  context: { repos: Repositories; hashKey: string; client: TrafficClient; now: number; day: string },
): Promise<TestEventOutcome> {
  const { repos, hashKey } = context;
  const visitor = testVisitorOf(headers, hashKey);
  if (!visitor?.counted || assignVariant(visitor.id, test.id, test.variants.length) !== variant) return 'uncounted';
  const popup = await repos.popups.get(test.popupId);
  if (!popup || typeof pagePath !== 'string' || !popupTargetsPath(popup.config, pagePath)) return 'uncounted';
  const key = visitorKey(visitor.id, hashKey);
  const seen = await popupTests(repos).visitorSeen(test.id, key);
  if (seen.converted) return 'repeat';
  if (seen.shown !== variant) return 'uncounted';
  if (!(await countWithinCaps(repos, context.day, `test:${test.id}:lead`, context.client, capsOf('testLead')))) return 'uncounted';
  const counted = await popupTests(repos).recordConversion({ testId: test.id, visitor: key, variant, now: context.now, network: context.client.network });
  return counted ? 'counted' : 'repeat';
}
