import { beforeEach, describe, expect, it } from 'vitest';
import { moscowToday } from '@/lib/calendar';
import { assignVariant, VISITOR_COOKIE } from '@/lib/experiments/variants';
import { filePopupSeeds } from '../popups/seed';
import { describeEachDatabase } from '../testing/databases';
import { handlePopupEvents, parsePopupBatch } from './popup-events';

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
  beforeEach(() => database().clear());
  const runtime = () => async () => ({ config: { siteOrigin: 'https://school.example' }, repos: database().repos, hashKey: 'k'.repeat(32) }) as never;
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

  it('answers a good beacon 204 without a cookie; refuses bad ones with JSON; a flood from one client gets 429', async () => {
    const { repos } = database();
    const body = JSON.stringify({ events: [{ popup: 'promo-frameworks', event: 'shown', path: '/products/git' }] });
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
    expect(await unknown.json()).toEqual({ errors: [{ path: '', message: 'Неизвестный поп-ап' }] });
    const today = moscowToday();
    expect(await repos.popupStats.perDay(today, today)).toEqual([{ day: today, popup: 'promo-frameworks', shown: 1, closed: 0, finished: 0 }]);
    // Past the per-client rate, beacons are refused with 429 and not counted.
    const statuses: number[] = [];
    for (let i = 0; i < 70; i += 1) statuses.push((await beacon(body, { address: '203.0.113.9' })).status);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    const refused = await beacon(body, { address: '203.0.113.9' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    const [row] = await repos.popupStats.perDay(today, today);
    expect(row!.shown).toBeLessThanOrEqual(61);
  });

  it('counts a split test show once a visitor, only for their assigned variant of the running test, never for a bot', async () => {
    const { repos } = database();
    await repos.popups.seed(filePopupSeeds(), 1);
    const popup = 'popup-middle-discount';
    const texts = (headline: string) => ({ headline, text: 'Текст', buttonLabel: 'Получить' });
    const started = await repos.splitTests.start(popup, [texts('A'), texts('B')], { plannedShows: 100, actor: 'anna@school.ru', now: 1 });
    if (!started.started) throw new Error('not started');
    const test = started.test;
    const visitor = 'visitor-0123456789abcdef';
    const assigned = assignVariant(visitor, test.id, 2);
    const shown = (variant: number, testId = test.id) => JSON.stringify({ events: [{ popup, event: 'shown', path: '/products/middle-js', test: testId, variant }] });
    const cookie = `${VISITOR_COOKIE}=${visitor}`;

    expect((await beacon(shown(assigned), { cookie })).status).toBe(204);
    expect((await beacon(shown(assigned), { cookie })).status).toBe(204);
    // Another variant than the visitor's, a variant the test lacks, another test: refused.
    expect((await beacon(shown(1 - assigned), { cookie })).status).toBe(400);
    expect((await beacon(shown(2), { cookie })).status).toBe(400);
    const wrongTest = await beacon(shown(assigned, 'another-test'), { cookie });
    expect(wrongTest.status).toBe(400);
    expect(await wrongTest.json()).toEqual({ errors: [{ path: '', message: 'Неизвестный тест или вариант поп-апа' }] });
    // A bot that says so is answered but not counted.
    const bot = 'bot-visitor-0123456789';
    expect((await beacon(shown(assignVariant(bot, test.id, 2)), { cookie: `${VISITOR_COOKIE}=${bot}`, userAgent: 'Mozilla/5.0 (compatible; YandexBot/3.0)' })).status).toBe(204);

    const rows = await repos.splitTests.perDay(test.id);
    expect(rows.map(({ variant, shows }) => ({ variant, shows }))).toEqual([{ variant: assigned, shows: 1 }]);
  });
});
