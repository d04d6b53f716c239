import { beforeEach, expect, it } from 'vitest';
import { assignVariant, testBlockId, VISITOR_COOKIE } from '@/lib/experiments/variants';
import { consoleLogger } from '../log';
import { describeEachDatabase } from '../testing/databases';
import { startSplitTest } from '../testing/split-tests';
import { countTestConversion } from './conversion';
import { splitTestView } from './report';
import { visitorKey } from './visitor';

const hashKey = 'k'.repeat(32);
const browser = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36';
const popup = 'popup-middle-discount';

describeEachDatabase('split test conversions', (database) => {
  beforeEach(() => database().clear());

  it('counts an accepted lead once, only from the visitor\'s assigned and shown variant of the running test', async () => {
    const { repos } = database();
    const test = await startSplitTest(repos, popup, { plannedShows: 14_000, now: 1 });
    const visitor = 'visitor-abcdefghijklmnop';
    const variant = assignVariant(visitor, test.id, 2);
    const headers = (ua = browser) => new Headers({ cookie: `${VISITOR_COOKIE}=${visitor}`, 'user-agent': ua });
    const order = (v: number, p = popup) => ({ extra: { block_id: testBlockId(p, v) } });
    const context = { repos, hashKey, now: Date.now(), log: consoleLogger };

    // Not shown yet: nothing counts.
    expect(await countTestConversion(headers(), order(variant), context)).toBe(false);
    await repos.splitTests.recordExposure({ testId: test.id, visitor: visitorKey(visitor, hashKey), variant, now: context.now });
    // A form claiming the other variant, another pop-up, a bot, no test block: not counted.
    expect(await countTestConversion(headers(), order(1 - variant), context)).toBe(false);
    expect(await countTestConversion(headers(), order(variant, 'popup-junior-discount'), context)).toBe(false);
    expect(await countTestConversion(headers('Googlebot/2.1'), order(variant), context)).toBe(false);
    expect(await countTestConversion(headers(), { extra: { block_id: 'popup' } }, context)).toBe(false);
    // The real one, once.
    expect(await countTestConversion(headers(), order(variant), context)).toBe(true);
    expect(await countTestConversion(headers(), order(variant), context)).toBe(false);

    const view = await splitTestView(repos, test, context.now);
    expect(view.report.variants[variant]).toMatchObject({ shows: 1, leads: 1 });
    expect(view.report.variants[1 - variant]).toMatchObject({ shows: 0, leads: 0 });
    expect(view.report.verdict.kind).toBe('early');
  });
});
