import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, expect, it } from 'vitest';
import { conversionRate } from '@/features/console-popups/popup-figures';
import { SuspiciousTraffic } from '@/components/console/suspicious-traffic';
import { suspiciousDays } from '@/components/console/traffic-figures';
import { vitalsTable } from '@/features/console-speed/vitals-figures';
import { moscowToday } from '@/lib/calendar';
import { assignVariant, testBlockId, VISITOR_COOKIE } from '@/lib/experiments/variants';
import { issueVisitorId } from '../experiments/visitor-id';
import { CLIENT_ADDRESS_HEADER } from '../leads/client-address';
import { handleLeads } from '../http/handlers';
import { handlePopupEvents } from '../http/popup-events';
import { handleVisitorId } from '../http/visitor-id';
import { handleVitals } from '../http/vitals';
import { splitTestView } from '../split-tests/report';
import { describeEachDatabase } from '../testing/databases';
import { sampleLeadBody } from '../testing/fixtures';
import { limitsNoTestReaches, testApiRuntime } from '../testing/runtime';
import { startSplitTest } from '../testing/split-tests';
import { DAILY_CAPS } from './caps';

/**
 * The attacks of the security review, replayed through the real handlers on a real database, among
 * real visitors: one address's 1,200 pop-up events on made-up paths, split-test visitors made up or
 * picked until they land in B with their shows and leads, and hundreds of absurd field-vitals reports
 * from ten addresses. The console's figures (as its pages compute them) move by at most the caps, a
 * conversion stays within 100 %, a visitor id the server did not sign counts nothing, every lead is still
 * stored with its delivery, and «Подозрительный трафик» names what was not counted.
 */

const site = 'https://school.example';
const hashKey = 'steering-key-'.repeat(3);
/** Mid-morning in Moscow, mid-minute: the per-minute limits never straddle a window. */
const now = Date.UTC(2026, 10, 23, 9, 0, 5);
const today = moscowToday(new Date(now));
const browser = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const promo = 'promo-frameworks';
const tested = 'popup-middle-discount';
const testedPage = '/products/middle-js/cvrna';
const attackers = Array.from({ length: 6 }, (_, i) => `203.0.113.${i + 1}`);
const vitalsAttackers = Array.from({ length: 10 }, (_, i) => `198.51.100.${i + 1}`);

describeEachDatabase("figures under the review's attacks", (database) => {
  beforeEach(() => database().clear());

  it('move by at most the caps, keep conversion within 100 %, count no unsigned visitor, lose no lead, and show the suspicious share', async () => {
    const { repos } = database();
    const limits = limitsNoTestReaches;
    const runtime = async () => ({ config: { siteOrigin: site, limits }, repos, hashKey, now: () => now }) as never;
    const apiRuntime = testApiRuntime(repos, { hashKey, config: { limits, siteOrigin: site }, now: () => now });
    let posted = 0;
    const request = (path: string, address: string, body?: unknown, cookie?: string, contentType = 'text/plain') =>
      new Request(`${site}${path}`, {
        method: 'POST',
        headers: {
          origin: site,
          'content-type': contentType,
          'user-agent': browser,
          [CLIENT_ADDRESS_HEADER]: address,
          ...(cookie ? { cookie: `${VISITOR_COOKIE}=${cookie}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    /** Posts a batch of pop-up events; `posted` counts every event of every kind the test sends. */
    const beacon = async (address: string, events: object[], cookie?: string) => {
      posted += events.length;
      expect((await handlePopupEvents(request('/api/popup-events', address, { events }, cookie), runtime)).status).toBe(204);
    };
    const vitals = async (address: string, report: object) => {
      posted += 1;
      expect((await handleVitals(request('/api/vitals', address, report), runtime)).status).toBe(204);
    };
    const visitorId = async (address: string) => {
      const answer = await handleVisitorId(request('/api/visitor-id', address), runtime);
      return ((await answer.json()) as { visitorId: string }).visitorId;
    };
    const lead = async (address: string, variant: number, cookie: string) => {
      posted += 1;
      const body = sampleLeadBody({ form: { id: tested }, extra: { utm: {}, page_path: testedPage, block_id: testBlockId(tested, variant) } });
      expect((await handleLeads(request('/api/leads', address, body, cookie, 'application/json'), async () => apiRuntime)).status).toBe(200);
    };
    const test = await startSplitTest(repos, tested, { plannedShows: 5000, now: now - 86_400_000 });

    // Real visitors, one address each. 100 see the tested pop-up, split evenly (ids the server signs,
    // drawn until each half is full, so any unevenness below is the attack's), and two in five of each
    // half leaves a lead; 60 see the promo on the home page and 6 press its button; 120 phones report the
    // home page's field vitals three times each, at 1.8-2.3 s.
    const real: { shows: [number, number]; leads: [number, number] } = { shows: [0, 0], leads: [0, 0] };
    for (let i = 0; i < 100; i++) {
      const address = `10.0.${i >> 8}.${i & 255}`;
      const half = (i % 2) as 0 | 1;
      let id = issueVisitorId(hashKey);
      while (assignVariant(id, test.id, 2) !== half) id = issueVisitorId(hashKey);
      await beacon(address, [{ popup: tested, event: 'shown', path: testedPage, test: test.id, variant: half }], id);
      real.shows[half] += 1;
      if (i % 10 < 4) {
        await beacon(address, [{ popup: tested, event: 'finished', path: testedPage }], id);
        await lead(address, half, id);
        real.leads[half] += 1;
      }
    }
    for (let i = 0; i < 60; i++)
      await beacon(`10.1.0.${i}`, [{ popup: promo, event: 'shown', path: '/' }, ...(i % 10 === 0 ? [{ popup: promo, event: 'finished', path: '/' }] : [])]);
    const homeOnPhone = { page: '/', device: 'phone', connection: '4g', navigation: 'navigate', popup: false };
    for (let i = 0; i < 120; i++) {
      for (let j = 0; j < 3; j++)
        await vitals(`10.2.0.${i}`, { ...homeOnPhone, metrics: [{ name: 'LCP', value: 1800 + ((i * 3 + j) % 500), target: 'main>h1' }] });
    }
    const realPosts = posted;

    // 1. Pop-up events: each attacking address sends 10 beacons of 20 events, 1 show and 19 finishes,
    //    on the home page, made-up paths and pages of other pop-ups (the review saw 119 900 %).
    const paths = ['/', '/made-up', '/products/git', '/wp-login.php', '/products/middle-js/cvrna', '/products/git/../../etc'];
    for (const address of attackers) {
      for (let batch = 0; batch < 10; batch++) {
        await beacon(address, [
          { popup: promo, event: 'shown', path: '/' },
          ...Array.from({ length: 19 }, (_, k) => ({ popup: promo, event: 'finished', path: paths[k % paths.length] })),
        ]);
      }
    }
    // 2. Split test, as the review did it: ids made up (unsigned) by six addresses, 120 shows claiming B
    //    and 56 leads; then, with ids the server signs, each address asks until five land in B, shows B to
    //    each and sends a lead from each.
    for (const [n, address] of attackers.entries()) {
      for (let k = 0; k < 20; k++) {
        const madeUp = `${n}-made-up-${k}`.padEnd(22, 'x') + '.' + 'x'.repeat(22);
        await beacon(address, [{ popup: tested, event: 'shown', path: testedPage, test: test.id, variant: 1 }], madeUp);
        if (k < (n < 2 ? 10 : 9)) await lead(address, 1, madeUp);
      }
    }
    // Not one of them counted.
    const afterMadeUp = (await splitTestView(repos, test, now)).report.variants.map(({ shows, leads }) => ({ shows, leads }));
    expect(afterMadeUp).toEqual([0, 1].map((half) => ({ shows: real.shows[half], leads: real.leads[half] })));
    for (const address of attackers) {
      const inB: string[] = [];
      while (inB.length < 5) {
        const id = await visitorId(address);
        if (assignVariant(id, test.id, 2) === 1) inB.push(id);
      }
      for (const id of inB) await beacon(address, [{ popup: tested, event: 'shown', path: testedPage, test: test.id, variant: 1 }], id);
      for (const id of inB) await lead(address, 1, id);
    }
    // 3. Field vitals: 30 reports from each of ten addresses, a 118.81 s LCP of an invented element.
    for (const address of vitalsAttackers) {
      for (let k = 0; k < 30; k++)
        await vitals(address, {
          ...homeOnPhone,
          metrics: [
            { name: 'LCP', value: 118_810, target: 'div#invented-by-attacker' },
            { name: 'INP', value: 59_000, target: 'button.invented', phase: 'processing-duration' },
          ],
        });
    }
    expect(posted).toBeGreaterThanOrEqual(2000);
    expect(posted - realPosts).toBeGreaterThan(2 * realPosts);

    // The pop-ups' figures, as «Поп-апы» shows them: the attack adds at most the caps of its addresses,
    // and finishes never outnumber shows.
    const popupRows = await repos.popupStats.perDay(today, today);
    const row = (popup: string) => popupRows.find((candidate) => candidate.popup === popup)!;
    const promoCap = attackers.length * DAILY_CAPS.popupEvent;
    expect(row(promo).shown).toBeGreaterThanOrEqual(60);
    expect(row(promo).shown).toBeLessThanOrEqual(60 + promoCap);
    expect(row(promo).finished).toBeLessThanOrEqual(6 + promoCap);
    for (const figures of popupRows) {
      expect(figures.finished).toBeLessThanOrEqual(figures.shown);
      expect(Number(conversionRate(figures).replace(/\s?%$/, '').replace(',', '.'))).toBeLessThanOrEqual(100);
    }
    // Only pages the pop-ups are shown on: none of the made-up paths.
    const counted = await database().handle.db.selectFrom('popup_daily_counts').select(['popup_id', 'path']).execute();
    expect(counted.filter((entry) => !(entry.popup_id === promo ? ['/', '/products/git'] : [testedPage]).includes(entry.path))).toEqual([]);

    // The split test, as «Результаты теста» shows it: B gains at most the caps of the attacking addresses,
    // none of the made-up ids counts, and the uneven-split warning stays off.
    const view = await splitTestView(repos, test, now);
    const [a, b] = view.report.variants;
    expect(a).toMatchObject({ shows: real.shows[0], leads: real.leads[0] });
    expect(b!.shows).toBeGreaterThanOrEqual(real.shows[1]);
    expect(b!.shows).toBeLessThanOrEqual(real.shows[1] + attackers.length * DAILY_CAPS.testShow);
    expect(b!.leads).toBeLessThanOrEqual(real.leads[1] + attackers.length * DAILY_CAPS.testLead);
    expect(b!.leads).toBeLessThanOrEqual(b!.shows);
    expect(view.report.verdict.kind).not.toBe('srm');
    // Every lead was stored and queued for GetCourse, counted or not.
    const leadCount = Number(
      (
        await database()
          .handle.db.selectFrom('leads')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const deliveries = Number(
      (
        await database()
          .handle.db.selectFrom('outbox')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('kind', '=', 'deal')
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(leadCount).toBe(real.leads[0] + real.leads[1] + 56 + attackers.length * 5);
    expect(deliveries).toBe(leadCount);

    // «Скорость сайта»: the attack's reports count at most 10 an address; the home page's p75 LCP on
    // phones stays the visitors' and its top LCP element a real one.
    const [home] = vitalsTable(await repos.vitals.histograms(today, today), 'phone').filter((entry) => entry.pageType === '/');
    expect(home!.cells.LCP.samples).toBeLessThanOrEqual(360 + vitalsAttackers.length * DAILY_CAPS.vitalsReport);
    expect(home!.cells.LCP.p75).toBeLessThan(2500);
    expect(home!.cells.LCP.rating).toBe('good');
    expect((await repos.vitals.topTargets(today, today, '/', 'LCP'))[0]!.target).toBe('main>h1');

    // «Подозрительный трафик»: the attacked pop-ups, the test and the page type, a tenth or more of the day's events uncounted (the promo's, almost all).
    const suspicious = [
      ...suspiciousDays(await repos.traffic.totals('popup', today, today)),
      ...suspiciousDays(await repos.traffic.totals('test', today, today)),
      ...suspiciousDays(await repos.traffic.totals('vitals', today, today)),
    ];
    expect(suspicious.map(({ subject }) => subject).sort()).toEqual(['/', promo, tested, test.id].sort());
    expect(suspicious.find(({ subject }) => subject === promo)!.share).toBeGreaterThan(0.9);
    const html = renderToStaticMarkup(SuspiciousTraffic({ rows: await repos.traffic.totals('popup', today, today), subject: 'Поп-ап', what: 'показы' }));
    expect(html).toContain('Подозрительный трафик');
    expect(html).toContain(`data-suspicious="${promo}"`);
  }, 240_000);
});
