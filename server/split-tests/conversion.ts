import { assignVariant, readTestBlockId } from '@/lib/experiments/variants';
import { errorKind, type Logger } from '../log';
import type { Repositories } from '../repositories/types';
import { testVisitorOf, visitorKey } from './visitor';

/**
 * A lead the server accepted counts for a split test when its form carries the pop-up and the variant
 * (`extra.block_id` = `popup:<id>:<letter>`), the pop-up's test is running, the variant is the one the
 * visitor's cookie id is assigned, and the visitor was shown it; once a visitor and test (the database's
 * key). Never fails the lead: a problem here is logged and the lead stands.
 */
export async function countTestConversion(
  headers: Headers,
  order: unknown,
  context: { repos: Repositories; hashKey: string; now: number; log: Logger },
): Promise<boolean> {
  const blockId = (order as { extra?: { block_id?: unknown } } | null)?.extra?.block_id;
  const claimed = readTestBlockId(typeof blockId === 'string' ? blockId : null);
  if (!claimed) return false;
  const visitor = testVisitorOf(headers);
  if (!visitor) return false;
  try {
    const test = (await context.repos.splitTests.running()).find((candidate) => candidate.popupId === claimed.popup);
    if (!test || claimed.variant >= test.variants.length) return false;
    if (assignVariant(visitor, test.id, test.variants.length) !== claimed.variant) return false;
    return await context.repos.splitTests.recordConversion({ testId: test.id, visitor: visitorKey(visitor, context.hashKey), variant: claimed.variant, now: context.now });
  } catch (error) {
    context.log.warn('split_test.conversion_failed', { error: errorKind(error) });
    return false;
  }
}
