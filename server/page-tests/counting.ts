/**
 * The figures of a page test nobody outside can steer: a visitor counts once per test when the proxy
 * served them a variant under an id the server signed as counted, within the daily caps of new visitors
 * of their client address and network; a lead counts for the variant its form claims (`extra.block_id` =
 * `page-test:<test>:<letter>`) only when that is the variant the server assigned that signed visitor,
 * on the test's page, while it runs, once, within the address's and the network's daily caps of leads. A
 * forged or altered id, one issued past its network's allowance (server/experiments/visitor-id.ts), a
 * claimed variant the visitor was not given, counts nothing. Never fails a lead.
 */
import { moscowToday } from '@/lib/calendar';
import { assignVariant } from '@/lib/experiments/variants';
import { readPageTestBlockId } from '@/lib/page-tests/variants';
import { takesPart } from '@/lib/page-tests/visitors';
import { errorKind, type Logger } from '../log';
import type { Repositories } from '../repositories';
import { visitorKey } from '../split-tests/visitor';
import { visitorIdKind } from '../experiments/visitor-id';
import { capsOf, countWithinCaps, type TrafficClient } from '../traffic/caps';
import { visitorOfHandled } from './serving';
import { pageTests } from '../experiments/subjects/page';

type CountContext = { repos: Repositories; hashKey: string; client: TrafficClient; now: number };

/** A served page view of a test's variant: the visitor's first counts (once a test). */
export async function countPageTestVisitor(test: { id: string }, visitor: string, variant: number, context: CountContext): Promise<boolean> {
  const { repos, hashKey, now } = context;
  const key = visitorKey(visitor, hashKey);
  if ((await pageTests(repos).visitorVariant(test.id, key)) !== null) return false;
  const day = moscowToday(new Date(now));
  const within =
    visitorIdKind(visitor, hashKey) === 'counted' && (await countWithinCaps(repos, day, `page-test:${test.id}:visitor`, context.client, capsOf('testShow')));
  const counted = within && (await repos.experiments.recordVisitor({ testId: test.id, visitor: key, variant, now, network: context.client.network }));
  await repos.traffic.tally(day, 'test', test.id, { counted: counted ? 1 : 0, uncounted: within ? 0 : 1 });
  return counted;
}

/** An accepted lead (its stored id): counted for its page test's variant when everything above holds. */
export async function countPageTestLead(headers: Headers, order: unknown, leadId: number | null, context: CountContext & { log: Logger }): Promise<boolean> {
  const extra = (order as { extra?: { block_id?: unknown; page_path?: unknown } } | null)?.extra;
  const claimed = readPageTestBlockId(typeof extra?.block_id === 'string' ? extra.block_id : null);
  if (!claimed || leadId === null) return false;
  const { repos, hashKey, now } = context;
  try {
    const test = (await pageTests(repos).running()).find((candidate) => candidate.id === claimed.testId);
    if (!test || claimed.variant >= test.variants.length || extra?.page_path !== test.pagePath) return false;
    const day = moscowToday(new Date(now));
    const visitor = takesPart(headers) ? visitorOfHandled(new Headers({ cookie: headers.get('cookie') ?? '' }), hashKey) : null;
    let counted = false;
    if (visitor && visitorIdKind(visitor, hashKey) === 'counted' && assignVariant(visitor, test.id, test.variants.length) === claimed.variant) {
      const key = visitorKey(visitor, hashKey);
      if ((await pageTests(repos).visitorVariant(test.id, key)) === claimed.variant) {
        if (await countWithinCaps(repos, day, `page-test:${test.id}:lead`, context.client, capsOf('testLead'))) {
          counted = await repos.experiments.recordConversion({
            testId: test.id,
            visitor: key,
            variant: claimed.variant,
            leadId,
            now,
            network: context.client.network,
          });
          if (!counted) return false; // a repeat: neither counted nor suspicious
        }
      }
    }
    await repos.traffic.tally(day, 'test', test.id, { counted: counted ? 1 : 0, uncounted: counted ? 0 : 1 });
    return counted;
  } catch (error) {
    context.log.warn('page_test.lead_count_failed', { error: errorKind(error) });
    return false;
  }
}
