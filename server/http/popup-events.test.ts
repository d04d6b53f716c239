import { beforeEach, describe, expect, it } from 'vitest';
import { moscowToday } from '@/lib/calendar';
import { assignVariant, VISITOR_COOKIE } from '@/lib/experiments/variants';
import { giftPopupToken } from '@/content/courses/gift-popup';
import { issueVisitorId } from '../experiments/visitor-id';
import { filePopupSeeds } from '../popups/seed';
import { describeEachDatabase } from '../testing/databases';
import { startSplitTest } from '../testing/split-tests';
import { DAILY_CAPS } from '../traffic/caps';
import { handlePopupEvents, parsePopupBatch } from './popup-events';
import { popupTests } from '../experiments/subjects/popup';

const known = new Set(['promo-frameworks', 'popup-middle-discount']);
const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describe('pop-up beacons', () => {
  it('keeps the three events and bare paths; an unknown pop-up or a wrong shape refuses the batch', () => {
    const batch = {
      events: [
        { popup: 'promo-frameworks', event: 'shown', path: '/products/git' },
        { popup: 'promo-frameworks', event: 'clicked', path: '/products/git' },
        { popup: 'popup-middle-discount', event: 'finished', path: '/products/middle-js?email=a@b.ru' },
        { popup: 'popup-middle-discount', event: 'shown', path: '/', test: 't1', variant: 1 },
      ],
    };
    expect(parsePopupBatch(batch, known)).toEqual([
      { popup: 'promo-frameworks', event: 'shown', path: '/products/git' },
      { popup: 'popup-middle-discount', event: 'shown', path: '/', test: 't1', variant: 1 },
    ]);
    expect(parsePopupBatch({ events: [{ popup: 'unknown', event: 'shown', path: '/' }] }, known)).toBe('unknown_popup');
    expect(parsePopupBatch({ events: [{ popup: 'promo-frameworks', event: 'shown', path: '/', test: 't1', variant: 'B' }] }, known)).toBe('malformed');
    expect(parsePopupBatch('not json', known)).toBe('malformed');
    expect(parsePopupBatch(null, known)).toBe('malformed');
    expect(parsePopupBatch({ events: Array(21).fill({ popup: 'promo-frameworks', event: 'shown', path: '/' }) }, known)).toBe('malformed');
  });
});

describeEachDatabase('POST /api/popup-events', (database) => {
  beforeEach(async () => {
    await database().clear();
    await database().repos.popups.seed(filePopupSeeds(), 1);
  });
  const hashKey = 'k'.repeat(32);
  const runtime = () => async () => ({ config: { siteOrigin: 'https://school.example' }, repos: database().repos, hashKey }) as never;
  const beacon = (body: string, options: { origin?: string; address?: string; cookie?: string; userAgent?: string } = {}) =>
    handlePopupEvents(
      new Request('https://school.example/api/popup-events', {
        method: 'POST',
        body,
        headers: {
          origin: options.origin ?? 'https://school.example',
          'x-site-client-address': options.address ?? '203.0.113.7',
          'user-agent': options.userAgent ?? browser,
          ...(options.cookie ? { cookie: options.cookie } : {}),
        },
      }),
      runtime(),
    );
  const events = (...list: { popup?: string; event: string; path?: string }[]) =>
    JSON.stringify({ events: list.map((item) => ({ popup: item.popup ?? 'promo-frameworks', path: item.path ?? '/products/git', event: item.event })) });
  const today = () => moscowToday();
  const figures = async (popup = 'promo-frameworks') => {
    const [row] = (await database().repos.popupStats.perDay(today(), today())).filter((candidate) => candidate.popup === popup);
    return row ? { shown: row.shown, closed: row.closed, finished: row.finished } : { shown: 0, closed: 0, finished: 0 };
  };
  const totals = async (kind: 'popup' | 'test', subject: string) =>
    (await database().repos.traffic.totals(kind, today(), today(), subject)).map(({ counted, uncounted }) => ({ counted, uncounted }));

  it('answers a good beacon 204 without a cookie; refuses bad ones with JSON; a flood from one client gets 429', async () => {
    const { repos } = database();
    const body = events({ event: 'shown' });
    const answer = await beacon(body);
    expect(answer.status).toBe(204);
    expect(answer.headers.get('set-cookie')).toBeNull();
    expect((await beacon(body, { origin: 'https://evil.example' })).status).toBe(204);
    const malformed = await beacon('{');
    expect(malformed.status).toBe(400);
    expect(malformed.headers.get('content-type')).toMatch(/json/);
    expect((await beacon('x'.repeat(5000))).status).toBe(413);
    const unknown = await beacon(JSON.stringify({ events: [{ popup: 'no-such-popup', event: 'shown', path: '/' }] }));
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ code: 'unknown_popup', message: 'Неизвестный поп-ап' });
    expect(await repos.popupStats.perDay(today(), today())).toEqual([{ day: today(), popup: 'promo-frameworks', shown: 1, closed: 0, finished: 0 }]);
    // Past the per-client rate, beacons are refused with 429 and not counted.
    const statuses: number[] = [];
    for (let i = 0; i < 70; i += 1) statuses.push((await beacon(body, { address: '203.0.113.9' })).status);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    const refused = await beacon(body, { address: '203.0.113.9' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('counts a few events a pop-up a day from one client address (IPv6: its /64), the rest accepted and not counted', async () => {
    const cap = DAILY_CAPS.popupEvent;
    for (let i = 0; i < 20; i++) expect((await beacon(events({ event: 'shown' }, { event: 'closed' }))).status).toBe(204);
    expect(await figures()).toEqual({ shown: cap, closed: cap, finished: 0 });
    // Another address has caps of its own; addresses of one IPv6 /64 share theirs.
    for (let i = 0; i < 10; i++) await beacon(events({ event: 'shown' }), { address: `2001:db8:1:2::${i + 1}` });
    expect(await figures()).toEqual({ shown: 2 * cap, closed: cap, finished: 0 });
    expect(await totals('popup', 'promo-frameworks')).toEqual([{ counted: 3 * cap, uncounted: 40 + 10 - 3 * cap }]);
  });

  it('counts a finish (or a close) only after a show of the same address that day: conversion never passes 100 %', async () => {
    // Finishes and closes alone: none counts.
    for (let i = 0; i < 5; i++) await beacon(events({ event: 'finished' }, { event: 'closed' }));
    expect(await figures()).toEqual({ shown: 0, closed: 0, finished: 0 });
    // One show: one finish counts, the next waits for another show.
    await beacon(events({ event: 'shown' }, { event: 'finished' }, { event: 'finished' }));
    expect(await figures()).toEqual({ shown: 1, closed: 0, finished: 1 });
    // Another address's show lets none of this one's finishes through.
    await beacon(events({ event: 'shown' }), { address: '198.51.100.4' });
    await beacon(events({ event: 'finished' }));
    const { shown, finished } = await figures();
    expect({ shown, finished }).toEqual({ shown: 2, finished: 1 });
  });

  it('counts only on a page the pop-up targets: a made-up path, a page of another pop-up, an excluded or marker-only page count nothing', async () => {
    const made = ['/made-up/page', '/products/react-developer', '/admin'];
    for (const path of made) expect((await beacon(events({ event: 'shown', path }, { event: 'finished', path }))).status).toBe(204);
    // The gift pop-up targets only the page that declares its marker.
    await beacon(events({ popup: 'popup-junior-gift', event: 'shown', path: '/products/junior-js' }));
    await beacon(events({ popup: 'popup-junior-gift', event: 'shown', path: `/products/junior-js/${giftPopupToken}` }), { address: '198.51.100.5' });
    expect(await figures()).toEqual({ shown: 0, closed: 0, finished: 0 });
    expect(await figures('popup-junior-gift')).toEqual({ shown: 1, closed: 0, finished: 0 });
    // A trailing slash or a query is the same page.
    await beacon(events({ event: 'shown', path: '/products/git/' }));
    expect((await figures()).shown).toBe(1);
    expect(await totals('popup', 'promo-frameworks')).toEqual([{ counted: 1, uncounted: 6 }]);
    const paths = await database().handle.db.selectFrom('popup_daily_counts').select('path').execute();
    expect(paths.map((row) => row.path).sort()).toEqual(['/products/git/', `/products/junior-js/${giftPopupToken}`]);
  });

  it('counts a split test show once a signed visitor, only for their assigned variant of the running test, never for a bot or an id the server did not sign', async () => {
    const { repos } = database();
    const popup = 'popup-middle-discount';
    const test = await startSplitTest(repos, popup, { plannedShows: 100, now: 1 });
    const visitor = issueVisitorId(hashKey);
    const assigned = assignVariant(visitor, test.id, 2);
    const shown = (variant: number, testId = test.id) =>
      JSON.stringify({ events: [{ popup, event: 'shown', path: '/products/middle-js/cvrna', test: testId, variant }] });
    const cookie = (id: string) => `${VISITOR_COOKIE}=${id}`;

    expect((await beacon(shown(assigned), { cookie: cookie(visitor) })).status).toBe(204);
    expect((await beacon(shown(assigned), { cookie: cookie(visitor) })).status).toBe(204);
    // Another variant than the visitor's, a variant the test lacks, another test: refused.
    expect((await beacon(shown(1 - assigned), { cookie: cookie(visitor) })).status).toBe(400);
    expect((await beacon(shown(2), { cookie: cookie(visitor) })).status).toBe(400);
    const wrongTest = await beacon(shown(assigned, 'another-test'), { cookie: cookie(visitor) });
    expect(wrongTest.status).toBe(400);
    expect(await wrongTest.json()).toEqual({ code: 'unknown_variant', message: 'Неизвестный тест или вариант поп-апа' });
    // A bot that says so is answered but not counted.
    const bot = issueVisitorId(hashKey);
    expect((await beacon(shown(assignVariant(bot, test.id, 2)), { cookie: cookie(bot), userAgent: 'Mozilla/5.0 (compatible; YandexBot/3.0)' })).status).toBe(
      204,
    );
    // Ids the server did not sign (made up, signed with another key, none at all): answered 204, whatever variant they claim, and not counted.
    for (const forged of ['visitor-0123456789abcdef', issueVisitorId('another-key-'.repeat(3))]) {
      for (const variant of [0, 1]) expect((await beacon(shown(variant), { cookie: cookie(forged) })).status).toBe(204);
    }
    expect((await beacon(shown(1))).status).toBe(204);

    const rows = await popupTests(repos).perDay(test.id);
    expect(rows.map(({ variant, shows }) => ({ variant, shows }))).toEqual([{ variant: assigned, shows: 1 }]);
    // Counted: the visitor's first show; uncounted: the bot, four forged and one without an id.
    expect(await totals('test', test.id)).toEqual([{ counted: 1, uncounted: 6 }]);
  });

  it('counts a few new visitors of a test a day from one client address', async () => {
    const { repos } = database();
    const popup = 'popup-middle-discount';
    const test = await startSplitTest(repos, popup, { plannedShows: 100, now: 1 });
    for (let i = 0; i < 12; i++) {
      const visitor = issueVisitorId(hashKey);
      const body = JSON.stringify({
        events: [{ popup, event: 'shown', path: '/products/middle-js/cvrna', test: test.id, variant: assignVariant(visitor, test.id, 2) }],
      });
      expect((await beacon(body, { cookie: `${VISITOR_COOKIE}=${visitor}` })).status).toBe(204);
    }
    const shows = (await popupTests(repos).perDay(test.id)).reduce((sum, row) => sum + row.shows, 0);
    expect(shows).toBe(DAILY_CAPS.testShow);
    expect(await totals('test', test.id)).toEqual([{ counted: DAILY_CAPS.testShow, uncounted: 12 - DAILY_CAPS.testShow }]);
  });
});
