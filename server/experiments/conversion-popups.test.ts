import { beforeEach, expect, it } from 'vitest';
import { moscowToday } from '@/lib/calendar';
import { assignVariant, testBlockId, VISITOR_COOKIE } from '@/lib/experiments/variants';
import { issueVisitorId } from './visitor-id';
import { consoleLogger } from '../log';
import { describeEachDatabase } from '../testing/databases';
import { startSplitTest } from '../testing/split-tests';
import { DAILY_CAPS, NETWORK_DAILY_CAPS } from '../traffic/caps';
import { countConversion } from './conversion';
import { splitTestView } from './report';
import { visitorKey } from './visitor';
import { popupTests } from './subjects/popup';

const hashKey = 'k'.repeat(32);
const browser = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36';
const popup = 'popup-middle-discount';
const page = '/products/middle-js/cvrna';

describeEachDatabase('split test conversions', (database) => {
  beforeEach(() => database().clear());
  const headers = (visitor: string, ua = browser) => new Headers({ cookie: `${VISITOR_COOKIE}=${visitor}`, 'user-agent': ua });
  const lead = (v: number, options: { popup?: string; path?: string } = {}) => ({
    extra: { block_id: testBlockId(options.popup ?? popup, v), page_path: options.path ?? page },
  });
  const context = (address = 'address-a', network = `network-of-${address}`) => ({
    repos: database().repos,
    hashKey,
    client: { address, network },
    now: Date.now(),
    log: consoleLogger,
  });
  /** The experiments' count of a stored lead from the visitor of `headers`, as the lead's acceptance calls it after the commit. */
  const countTestConversion = (requestHeaders: Headers, lead: { extra: { block_id: string; page_path?: string } }, visit: ReturnType<typeof context>) =>
    countConversion({ extra: { page_path: '/', ...lead.extra } }, null, { ...visit, headers: requestHeaders });
  const totals = async (testId: string) => {
    const today = moscowToday();
    return (await database().repos.traffic.totals('test', today, today, testId)).map(({ counted, uncounted }) => ({ counted, uncounted }));
  };

  it("counts an accepted lead once, only from the signed visitor's assigned and shown variant of the running test, on a page the pop-up targets", async () => {
    const { repos } = database();
    const test = await startSplitTest(repos, popup, { plannedShows: 14_000, now: 1 });
    const visitor = issueVisitorId(hashKey);
    const variant = assignVariant(visitor, test.id, 2);

    // Not shown yet: nothing counts.
    expect(await countTestConversion(headers(visitor), lead(variant), context())).toBe(false);
    await popupTests(repos).recordExposure({ testId: test.id, visitor: visitorKey(visitor, hashKey), variant, now: Date.now(), network: 'network-a' });
    // A form claiming the other variant, another pop-up, a bot, no test block, a page the pop-up is not on: not counted.
    expect(await countTestConversion(headers(visitor), lead(1 - variant), context())).toBe(false);
    expect(await countTestConversion(headers(visitor), lead(variant, { popup: 'popup-junior-discount' }), context())).toBe(false);
    expect(await countTestConversion(headers(visitor, 'Googlebot/2.1'), lead(variant), context())).toBe(false);
    expect(await countTestConversion(headers(visitor), { extra: { block_id: 'popup' } }, context())).toBe(false);
    expect(await countTestConversion(headers(visitor), lead(variant, { path: '/made-up/page' }), context())).toBe(false);
    // The real one, once.
    expect(await countTestConversion(headers(visitor), lead(variant), context())).toBe(true);
    expect(await countTestConversion(headers(visitor), lead(variant), context())).toBe(false);

    const view = await splitTestView(repos, test, Date.now());
    expect(view.report.variants[variant]).toMatchObject({ shows: 1, leads: 1 });
    expect(view.report.variants[1 - variant]).toMatchObject({ shows: 0, leads: 0 });
    expect(view.report.verdict.kind).toBe('early');
    // Uncounted: the lead before the show, the other variant, the bot, the made-up page (another pop-up's
    // block has no running test; the repeat of a counted lead is neither).
    expect(await totals(test.id)).toEqual([{ counted: 1, uncounted: 4 }]);
  });

  it('counts nothing for a visitor id the server did not sign, made up or altered', async () => {
    const { repos } = database();
    const test = await startSplitTest(repos, popup, { plannedShows: 14_000, now: 1 });
    const signed = issueVisitorId(hashKey);
    const forged = [
      issueVisitorId('another-key-'.repeat(3)),
      `${signed.slice(0, 21)}${signed[21] === 'A' ? 'B' : 'A'}${signed.slice(22)}`,
      'visitor-0123456789abcdef',
    ];
    for (const visitor of forged) {
      const variant = assignVariant(visitor, test.id, 2);
      // Even with an exposure stored under its key (as a beacon of the same forged id cannot make one).
      await popupTests(repos).recordExposure({ testId: test.id, visitor: visitorKey(visitor, hashKey), variant, now: Date.now(), network: 'network-a' });
      expect(await countTestConversion(headers(visitor), lead(variant), context())).toBe(false);
    }
    expect((await splitTestView(repos, test, Date.now())).report.variants.map((v) => v.leads)).toEqual([0, 0]);
    expect(await totals(test.id)).toEqual([{ counted: 0, uncounted: 3 }]);
  });

  it('counts at most DAILY_CAPS.testLead leads of a test a day from one client address; another address still counts', async () => {
    const { repos } = database();
    const test = await startSplitTest(repos, popup, { plannedShows: 14_000, now: 1 });
    const results: boolean[] = [];
    for (let i = 0; i < DAILY_CAPS.testLead + 3; i++) {
      const visitor = issueVisitorId(hashKey);
      const variant = assignVariant(visitor, test.id, 2);
      await popupTests(repos).recordExposure({ testId: test.id, visitor: visitorKey(visitor, hashKey), variant, now: Date.now(), network: 'network-a' });
      results.push(await countTestConversion(headers(visitor), lead(variant), context(i < DAILY_CAPS.testLead + 2 ? 'address-a' : 'address-b')));
    }
    expect(results).toEqual([...Array<boolean>(DAILY_CAPS.testLead).fill(true), false, false, true]);
    expect(await totals(test.id)).toEqual([{ counted: DAILY_CAPS.testLead + 1, uncounted: 2 }]);
  });

  it("counts at most the network's daily cap of a test's leads, however many of its addresses send them, and no lead of a visitor whose id was issued past the allowance", async () => {
    const { repos } = database();
    const test = await startSplitTest(repos, popup, { plannedShows: 14_000, now: 1 });
    const results: boolean[] = [];
    for (let i = 0; i < NETWORK_DAILY_CAPS.testLead + 2; i++) {
      const visitor = issueVisitorId(hashKey);
      const variant = assignVariant(visitor, test.id, 2);
      await popupTests(repos).recordExposure({ testId: test.id, visitor: visitorKey(visitor, hashKey), variant, now: Date.now(), network: 'one-network' });
      results.push(await countTestConversion(headers(visitor), lead(variant), context(`address-${i}`, 'one-network')));
    }
    expect(results).toEqual([...Array<boolean>(NETWORK_DAILY_CAPS.testLead).fill(true), false, false]);
    // A visitor whose id was issued past the allowance keeps a variant and may be shown it, but counts nothing.
    const uncounted = issueVisitorId(hashKey, undefined, 'uncounted');
    const variant = assignVariant(uncounted, test.id, 2);
    await popupTests(repos).recordExposure({ testId: test.id, visitor: visitorKey(uncounted, hashKey), variant, now: Date.now(), network: 'another' });
    expect(await countTestConversion(headers(uncounted), lead(variant), context('fresh-address'))).toBe(false);
    expect(await totals(test.id)).toEqual([{ counted: NETWORK_DAILY_CAPS.testLead, uncounted: 3 }]);
    // The counted leads keep their network: one, in whichever variants they fell.
    const networks = await popupTests(repos).networks(test.id);
    expect(networks.map((entry) => entry.leads).every((count) => count <= 1)).toBe(true);
    expect(networks.some((entry) => entry.leads === 1)).toBe(true);
  });
});
