import { beforeEach, expect, it } from 'vitest';
import { moscowToday } from '@/lib/calendar';
import { assignVariant, VISITOR_COOKIE } from '@/lib/experiments/variants';
import { noChanges, pageTestBlockId } from '@/lib/page-tests/variants';
import { issueVisitorId } from './visitor-id';
import { consoleLogger } from '../log';
import { describeEachDatabase } from '../testing/databases';
import { sampleLead } from '../testing/fixtures';
import { NETWORK_DAILY_CAPS } from '../traffic/caps';
import { countConversion } from './conversion';
import { countPageTestVisitor } from './exposure';
import { pageTestResults } from './report';
import { pageTests } from './subjects/page';

const hashKey = 'k'.repeat(32);
const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const path = '/products/junior-js';
const actor = 'anna@school.ru';

describeEachDatabase('page tests: visitors and leads', (database) => {
  beforeEach(() => database().clear());

  async function running() {
    const { repos } = database();
    const draft = await pageTests(repos).create({ pagePath: path, variants: [{ ...noChanges, headline: 'B' }], plannedVisitors: 14_000, actor, now: 1 });
    const started = await pageTests(repos).start(draft.id, { actor, now: 2 });
    if (!started.started) throw new Error('not started');
    return started.test;
  }
  const context = (address = 'address-a', network = `network-of-${address}`) => ({
    repos: database().repos,
    hashKey,
    client: { address, network },
    now: Date.now(),
    log: consoleLogger,
  });
  const headers = (visitor: string, ua = browser) => new Headers({ cookie: `${VISITOR_COOKIE}=${visitor}`, 'user-agent': ua });
  const order = (testId: string, variant: number, page = path) => ({ extra: { block_id: pageTestBlockId(testId, variant), page_path: page } });
  /** The experiments' count of a stored lead from the visitor of `headers`, as the lead's acceptance calls it after the commit. */
  const countPageTestLead = (requestHeaders: Headers, lead: ReturnType<typeof order>, leadId: number, visit: ReturnType<typeof context>) =>
    countConversion(lead, leadId, { ...visit, headers: requestHeaders });
  const newLead = async () => (await database().repos.leads.accept(sampleLead({ createdAt: Date.now() }), null)).leadId;

  it('starts one test a page, edits make versions, a stop with a winner keeps it', async () => {
    const { repos } = database();
    const test = await running();
    const other = await pageTests(repos).create({ pagePath: path, variants: [{ ...noChanges, subheadline: 'C' }], plannedVisitors: 1, actor, now: 3 });
    expect(await pageTests(repos).start(other.id, { actor, now: 4 })).toEqual({ started: false, reason: 'running' });
    const edited = await pageTests(repos).edit(test.id, [{ ...noChanges, headline: 'B2' }], { actor, now: 5 });
    expect(edited).toMatchObject({ version: test.version + 1, variants: [noChanges, { ...noChanges, headline: 'B2' }] });
    // A running test keeps its number of variants.
    expect(
      await pageTests(repos).edit(
        test.id,
        [
          { ...noChanges, headline: 'B' },
          { ...noChanges, headline: 'C' },
        ],
        { actor, now: 6 },
      ),
    ).toBeNull();
    expect(await pageTests(repos).stop(test.id, { actor, now: 7, winner: 1 })).toBe(true);
    expect(await pageTests(repos).get(test.id)).toMatchObject({ status: 'kept', winner: 1, stoppedBy: actor });
    expect(await pageTests(repos).start(other.id, { actor, now: 8 })).toMatchObject({ started: true });
  });

  it("counts a lead once, only for the variant the signed visitor was assigned and served, on the test's page", async () => {
    const test = await running();
    const visitor = issueVisitorId(hashKey);
    const variant = assignVariant(visitor, test.id, 2);
    // Not served yet: nothing counts.
    expect(await countPageTestLead(headers(visitor), order(test.id, variant), await newLead(), context())).toBe(false);
    expect(await countPageTestVisitor(test, visitor, variant, context())).toBe(true);
    expect(await countPageTestVisitor(test, visitor, variant, context())).toBe(false);
    // The other variant claimed, another page, a robot, an altered id, a made-up id: nothing.
    expect(await countPageTestLead(headers(visitor), order(test.id, 1 - variant), await newLead(), context())).toBe(false);
    expect(await countPageTestLead(headers(visitor), order(test.id, variant, '/products/git'), await newLead(), context())).toBe(false);
    expect(await countPageTestLead(headers(visitor, 'Googlebot/2.1'), order(test.id, variant), await newLead(), context())).toBe(false);
    expect(await countPageTestLead(headers(`${visitor.slice(0, -2)}xx`), order(test.id, variant), await newLead(), context())).toBe(false);
    expect(await countPageTestLead(headers(issueVisitorId('another-key'.repeat(3))), order(test.id, variant), await newLead(), context())).toBe(false);
    const leadId = await newLead();
    expect(await countPageTestLead(headers(visitor), order(test.id, variant), leadId, context())).toBe(true);
    expect(await countPageTestLead(headers(visitor), order(test.id, variant), await newLead(), context())).toBe(false);

    const results = await pageTestResults(database().repos, (await pageTests(database().repos).get(test.id))!);
    expect(results.leads.variants[variant]).toMatchObject({ shows: 1, leads: 1 });
    expect(results.revenue[variant]).toMatchObject({ visitors: 1, payments: 0, sum: 0 });
    expect(await database().repos.experiments.leads(test.id)).toEqual([{ leadId, variant }]);
  });

  it('counts at most the daily cap of new visitors from one client address', async () => {
    const test = await running();
    const counted = [];
    for (let i = 0; i < 5; i++) {
      const visitor = issueVisitorId(hashKey);
      counted.push(await countPageTestVisitor(test, visitor, assignVariant(visitor, test.id, 2), context('one-address')));
    }
    expect(counted).toEqual([true, true, true, false, false]);
  });

  it("counts at most the network's daily cap of new visitors, however many of its addresses send them, and no visitor whose id was issued past the allowance", async () => {
    const test = await running();
    const counted: boolean[] = [];
    for (let i = 0; i < NETWORK_DAILY_CAPS.testShow + 4; i++) {
      const visitor = issueVisitorId(hashKey);
      counted.push(await countPageTestVisitor(test, visitor, assignVariant(visitor, test.id, 2), context(`address-${i}`, 'one-network')));
    }
    expect(counted.filter(Boolean)).toHaveLength(NETWORK_DAILY_CAPS.testShow);
    expect(counted.slice(NETWORK_DAILY_CAPS.testShow)).toEqual([false, false, false, false]);
    const uncounted = issueVisitorId(hashKey, undefined, 'uncounted');
    expect(await countPageTestVisitor(test, uncounted, assignVariant(uncounted, test.id, 2), context('fresh-address'))).toBe(false);
    const today = moscowToday();
    expect(await database().repos.traffic.totals('test', today, today, test.id)).toEqual([
      { day: today, subject: test.id, counted: NETWORK_DAILY_CAPS.testShow, uncounted: 5 },
    ]);
  });
});
