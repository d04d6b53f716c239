import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, expect, it } from 'vitest';
import { conversionRate } from '@/features/console-popups/popup-figures';
import { SuspiciousTraffic } from '@/components/console/suspicious-traffic';
import { suspiciousDays } from '@/components/console/traffic-figures';
import { TrustNote } from '@/features/console-experiments/trust-note';
import { vitalsTable } from '@/features/console-speed/vitals-figures';
import { moscowToday } from '@/lib/calendar';
import { assignVariant, testBlockId, VISITOR_COOKIE } from '@/lib/experiments/variants';
import { issueVisitorId } from '../experiments/visitor-id';
import { CLIENT_ADDRESS_HEADER } from '../leads/client-address';
import { handleLeads } from '../http/handlers';
import { handlePopupEvents } from '../http/popup-events';
import { handleVisitorId } from '../http/visitor-id';
import { handleVitals } from '../http/vitals';
import { splitTestView } from '../experiments/report';
import { splitTestVerdictStep } from '../experiments/verdict-job';
import { describeEachDatabase } from '../testing/databases';
import { sampleLeadBody } from '../testing/fixtures';
import { limitsNoTestReaches, testApiRuntime } from '../testing/runtime';
import { startSplitTest } from '../testing/split-tests';
import { DAILY_CAPS, NETWORK_DAILY_CAPS } from './caps';
import { popupTests } from '../experiments/subjects/popup';

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

  const limits = limitsNoTestReaches;
  const runtime = async () => ({ config: { siteOrigin: site, limits }, repos: database().repos, hashKey, now: () => now }) as never;
  const apiRuntime = async () => testApiRuntime(database().repos, { hashKey, config: { limits, siteOrigin: site }, now: () => now });
  let posted = 0;
  beforeEach(() => {
    posted = 0;
  });
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
    expect((await handleLeads(request('/api/leads', address, body, cookie, 'application/json'), apiRuntime)).status).toBe(200);
  };
  const show = (address: string, variant: number, id: string, testId: string) =>
    beacon(address, [{ popup: tested, event: 'shown', path: testedPage, test: testId, variant }], id);
  /** A signed id the server would give a real visitor, drawn until it lands in `variant` (so any unevenness is the attack's). */
  const realVisitorIn = (testId: string, variant: number) => {
    let id = issueVisitorId(hashKey);
    while (assignVariant(id, testId, 2) !== variant) id = issueVisitorId(hashKey);
    return id;
  };
  /** The address of the `i`-th real visitor: each in a network (a /24) of their own, as real visitors mostly are. */
  const realAddress = (block: number, i: number) => `10.${block * 10 + (i >> 8)}.${i & 255}.${1 + (i % 200)}`;

  it('move by at most the caps, keep conversion within 100 %, count no unsigned visitor, lose no lead, and show the suspicious share', async () => {
    const { repos } = database();
    const test = await startSplitTest(repos, tested, { plannedShows: 5000, now: now - 86_400_000 });

    // Real visitors, one address each. 100 see the tested pop-up, split evenly (ids the server signs,
    // drawn until each half is full, so any unevenness below is the attack's), and two in five of each
    // half leaves a lead; 60 see the promo on the home page and 6 press its button; 120 phones report the
    // home page's field vitals three times each, at 1.8-2.3 s.
    const real: { shows: [number, number]; leads: [number, number] } = { shows: [0, 0], leads: [0, 0] };
    for (let i = 0; i < 100; i++) {
      const address = realAddress(0, i);
      const half = (i % 2) as 0 | 1;
      const id = realVisitorIn(test.id, half);
      await show(address, half, id, test.id);
      real.shows[half] += 1;
      if (i % 10 < 4) {
        await beacon(address, [{ popup: tested, event: 'finished', path: testedPage }], id);
        await lead(address, half, id);
        real.leads[half] += 1;
      }
    }
    for (let i = 0; i < 60; i++)
      await beacon(realAddress(1, i), [{ popup: promo, event: 'shown', path: '/' }, ...(i % 10 === 0 ? [{ popup: promo, event: 'finished', path: '/' }] : [])]);
    const homeOnPhone = { page: '/', device: 'phone', connection: '4g', navigation: 'navigate', popup: false };
    for (let i = 0; i < 120; i++) {
      for (let j = 0; j < 3; j++)
        await vitals(realAddress(2, i), { ...homeOnPhone, metrics: [{ name: 'LCP', value: 1800 + ((i * 3 + j) % 500), target: 'main>h1' }] });
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
    const [home] = vitalsTable(await repos.vitals.histograms(today, today), await repos.vitals.networks(today, today, 'phone'), 'phone').filter(
      (entry) => entry.pageType === '/',
    );
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

  it('a crowd of 300 addresses in 20 networks re-rolling its ids: the test with auto-keep keeps nothing, the console says why, and «Подозрительный трафик» is shown', async () => {
    const { repos } = database();
    const test = await startSplitTest(repos, tested, { plannedShows: 300, now: now - 86_400_000, autoKeep: true });

    // Real visitors: 300 a variant, each from a network of their own, one in ten leaving a lead.
    for (let i = 0; i < 600; i++) {
      const half = (i % 2) as 0 | 1;
      const id = realVisitorIn(test.id, half);
      await show(realAddress(0, i), half, id, test.id);
      if (i % 20 < 2) await lead(realAddress(0, i), half, id);
    }

    // The crowd: 300 addresses in 20 networks (ten IPv4 /24s, ten IPv6 /48s with an address in each of
    // fifteen /64s). Each asks for ids until it has the ones it wants, shows three of them (A and B in
    // turn, so the split stays even and no uneven-split warning goes up) and sends a lead from B.
    const crowd = Array.from({ length: 300 }, (_, i) => {
      const network = Math.floor(i / 15);
      const member = i % 15;
      return network < 10 ? `198.18.${network}.${member + 1}` : `2001:db8:${network.toString(16)}:${member.toString(16)}::1`;
    });
    for (const [i, address] of crowd.entries()) {
      const wanted = i % 2 === 0 ? [0, 1, 1] : [0, 0, 1];
      const ids: string[] = [];
      for (const variant of wanted) {
        let id = await visitorId(address);
        while (assignVariant(id, test.id, 2) !== variant) id = await visitorId(address);
        ids.push(id);
      }
      for (const [k, id] of ids.entries()) await show(address, wanted[k]!, id, test.id);
      await lead(address, 1, ids[2]!);
    }

    // Left to its counted figures, the verdict is B, and it would be kept.
    const view = await splitTestView(repos, test, now);
    expect(view.report.verdict).toMatchObject({ kind: 'better', variant: 1 });
    // The verdict job keeps nothing and announces nothing: the test still runs.
    const popupBefore = (await repos.popups.get(tested))!;
    const step = splitTestVerdictStep({ repos, alerts: { telegram: null, email: null, siteUrl: null } });
    expect(await step.run(now)).toEqual({ splitTestVerdicts: 0, splitTestsKept: 0, splitTestsHeld: 1 });
    expect(await popupTests(repos).get(test.id)).toMatchObject({ status: 'running', winner: null, verdictAt: null });
    expect((await repos.popups.get(tested))?.version).toBe(popupBefore.version);

    // Why: B's leads come from a few networks, and much of the test's traffic went uncounted.
    const crowdNetworks = 20;
    const leadsOfB = view.report.variants[1]!.leads;
    expect(view.trust).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'few_networks', variant: 1, what: 'leads', needed: Math.ceil(leadsOfB / 2) }),
        expect.objectContaining({ kind: 'suspicious' }),
      ]),
    );
    const fewLeadNetworks = view.trust.find((problem) => problem.kind === 'few_networks' && problem.what === 'leads')!;
    expect(fewLeadNetworks.kind === 'few_networks' && fewLeadNetworks.networks).toBe(crowdNetworks + 30);
    // The crowd's counted events stay within its networks' caps.
    expect(leadsOfB).toBeLessThanOrEqual(30 + crowdNetworks * NETWORK_DAILY_CAPS.testLead);
    const shows = view.report.variants.reduce((sum, variant) => sum + variant.shows, 0);
    expect(shows).toBeLessThanOrEqual(600 + crowdNetworks * NETWORK_DAILY_CAPS.testShow);

    // The console's page of the pop-up, as an operator reads it: the note under the verdict and «Подозрительный трафик».
    const html = [
      TrustNote({ view, running: view.test.status === 'running', autoKeep: view.test.autoKeep, countedAs: 'shows' }),
      SuspiciousTraffic({ rows: view.traffic, what: 'показы и заявки теста' }),
    ]
      .map((element) => renderToStaticMarkup(element!))
      .join('');
    const text = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(text).toContain('Цифрам теста пока нельзя доверять');
    expect(text).toContain('Сайт не объявит вывод этого теста и не оставит победителя сам, пока:');
    expect(text).toContain(`Заявки варианта B пришли всего из ${crowdNetworks + 30} сетей, а нужно хотя бы ${Math.ceil(leadsOfB / 2)}`);
    expect(text).toMatch(/\d+(,\d)? % показов и заявок теста сайт не учёл как подозрительные/);
    expect(html).toContain('data-testid="suspicious-traffic"');
    expect(text).toContain('Подозрительный трафик');
    expect(html).toContain(`data-suspicious="${test.id}"`);
  }, 240_000);
});
