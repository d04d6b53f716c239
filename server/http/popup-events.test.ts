import { beforeEach, describe, expect, it } from 'vitest';
import { moscowToday } from '@/lib/calendar';
import { describeEachDatabase } from '../testing/databases';
import { handlePopupEvents, parsePopupBatch } from './popup-events';

const known = new Set(['promo-frameworks', 'popup-middle-discount']);

describe('pop-up beacons', () => {
  it('keeps known pop-ups, the three events and bare paths; drops the rest', () => {
    const batch = {
      events: [
        { popup: 'promo-frameworks', event: 'shown', path: '/products/git' },
        { popup: 'promo-frameworks', event: 'clicked', path: '/products/git' },
        { popup: 'unknown', event: 'shown', path: '/' },
        { popup: 'popup-middle-discount', event: 'finished', path: '/products/middle-js?email=a@b.ru' },
      ],
    };
    expect(parsePopupBatch(batch, known)).toEqual([{ popup: 'promo-frameworks', event: 'shown', path: '/products/git' }]);
    expect(parsePopupBatch('not json', known)).toBeNull();
    expect(parsePopupBatch(null, known)).toBeNull();
    expect(parsePopupBatch({ events: Array(21).fill({ popup: 'promo-frameworks', event: 'shown', path: '/' }) }, known)).toBeNull();
  });
});

describeEachDatabase('POST /api/popup-events', (database) => {
  beforeEach(() => database().clear());
  it('answers every beacon 204 without a cookie, counting only what passes', async () => {
    const { repos } = database();
    const runtime = async () => ({ config: { trustedProxies: 0, siteOrigin: 'https://school.example' }, repos, hashKey: 'k'.repeat(32) }) as never;
    const beacon = (body: string, origin = 'https://school.example') =>
      handlePopupEvents(new Request('https://school.example/api/popup-events', { method: 'POST', body, headers: { origin, 'x-site-client-address': '203.0.113.7' } }), runtime);
    const body = JSON.stringify({ events: [{ popup: 'promo-frameworks', event: 'shown', path: '/products/git' }] });
    const answer = await beacon(body);
    expect(answer.status).toBe(204);
    expect(answer.headers.get('set-cookie')).toBeNull();
    expect((await beacon(body, 'https://evil.example')).status).toBe(204);
    expect((await beacon('{')).status).toBe(204);
    expect((await beacon('x'.repeat(5000))).status).toBe(204);
    const today = moscowToday();
    expect(await repos.popupStats.perDay(today, today)).toEqual([{ day: today, popup: 'promo-frameworks', shown: 1, closed: 0, finished: 0 }]);
    // Past the per-address rate, beacons are dropped.
    for (let i = 0; i < 70; i += 1) await beacon(body);
    const [row] = await repos.popupStats.perDay(today, today);
    expect(row!.shown).toBeLessThanOrEqual(60);
  });
});
