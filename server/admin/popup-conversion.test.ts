import { beforeEach, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/databases';
import { conversionRate, conversionSeries, moscowDay, parsePopupBatch, popupConversion, recordPopupEvents } from './popup-conversion';
import { popupEventsResponse } from './popup-events-route';
import { popupPeriod } from './popup-period';

const known = new Set(['promo-frameworks', 'popup-middle-discount']);

describe('pop-up beacons', () => {
  it('keeps known pop-ups, the three events and bare paths; drops the rest', () => {
    const batch = JSON.stringify({
      events: [
        { popup: 'promo-frameworks', event: 'shown', path: '/products/git' },
        { popup: 'promo-frameworks', event: 'clicked', path: '/products/git' },
        { popup: 'unknown', event: 'shown', path: '/' },
        { popup: 'popup-middle-discount', event: 'finished', path: '/products/middle-js?email=a@b.ru' },
      ],
    });
    expect(parsePopupBatch(batch, known)).toEqual([{ popup: 'promo-frameworks', event: 'shown', path: '/products/git' }]);
    expect(parsePopupBatch('not json', known)).toBeNull();
    expect(parsePopupBatch(JSON.stringify({ events: Array(21).fill({ popup: 'promo-frameworks', event: 'shown', path: '/' }) }), known)).toBeNull();
  });

  it('counts days in Moscow and shows the rate in Russian', () => {
    expect(moscowDay(Date.UTC(2026, 10, 22, 21, 0))).toBe('2026-11-23');
    expect(conversionRate({ shown: 8, finished: 1 })).toBe('12,5 %');
    expect(conversionRate({ shown: 0, finished: 0 })).toBe('—');
  });

  it('lays the conversion out per day of the period for the chart', () => {
    const rows = [
      { day: '2026-11-23', popup: 'b', shown: 8, closed: 2, finished: 1 },
      { day: '2026-11-21', popup: 'a', shown: 3, closed: 0, finished: 3 },
    ];
    expect(conversionSeries(rows, '2026-11-21', '2026-11-23')).toEqual({
      days: ['2026-11-21', '2026-11-22', '2026-11-23'],
      series: [
        { key: 'a', values: [100, 0, 0] },
        { key: 'b', values: [0, 0, 12.5] },
      ],
    });
  });
});

describeEachDatabase('pop-up daily counts', (database) => {
  beforeEach(() => database().clear());
  const now = Date.UTC(2026, 10, 23, 9);

  it('adds batches up per day and pop-up, over every page', async () => {
    const { handle } = database();
    await recordPopupEvents(handle, [
      { popup: 'promo-frameworks', event: 'shown', path: '/products/git' },
      { popup: 'promo-frameworks', event: 'finished', path: '/products/git' },
    ], now);
    await recordPopupEvents(handle, [
      { popup: 'promo-frameworks', event: 'shown', path: '/products/vue' },
      { popup: 'promo-frameworks', event: 'closed', path: '/products/vue' },
      { popup: 'promo-frameworks', event: 'shown', path: '/products/git' },
    ], now);
    await recordPopupEvents(handle, [{ popup: 'popup-middle-discount', event: 'shown', path: '/products/middle-js' }], now - 86_400_000);
    expect(await popupConversion(handle, '2026-11-22', '2026-11-23')).toEqual([
      { day: '2026-11-23', popup: 'promo-frameworks', shown: 3, closed: 1, finished: 1 },
      { day: '2026-11-22', popup: 'popup-middle-discount', shown: 1, closed: 0, finished: 0 },
    ]);
    expect(await popupConversion(handle, '2026-11-23', '2026-11-23')).toHaveLength(1);
  });

  it('answers every beacon 204 without a cookie, counting only what passes', async () => {
    const { handle, repos } = database();
    const runtime = async () =>
      ({ config: { trustedProxies: 0, siteOrigin: 'https://school.example' }, repos, database: handle, hashKey: 'k'.repeat(32) }) as never;
    const beacon = (body: string, origin = 'https://school.example') =>
      popupEventsResponse(new Request('https://school.example/api/popup-events', { method: 'POST', body, headers: { origin, 'x-site-client-address': '203.0.113.7' } }), runtime);
    const body = JSON.stringify({ events: [{ popup: 'promo-frameworks', event: 'shown', path: '/products/git' }] });
    const answer = await beacon(body);
    expect(answer.status).toBe(204);
    expect(answer.headers.get('set-cookie')).toBeNull();
    expect((await beacon(body, 'https://evil.example')).status).toBe(204);
    expect((await beacon('{')).status).toBe(204);
    const today = moscowDay(Date.now());
    expect(await popupConversion(handle, today, today)).toEqual([{ day: today, popup: 'promo-frameworks', shown: 1, closed: 0, finished: 0 }]);
    // Past the per-address rate, beacons are dropped.
    for (let i = 0; i < 70; i += 1) await beacon(body);
    const [row] = await popupConversion(handle, today, today);
    expect(row!.shown).toBeLessThanOrEqual(60);
  });
});

describe('the pop-ups page period', () => {
  it('defaults to the last 14 Moscow days and puts a reversed period right', () => {
    expect(popupPeriod({}, Date.UTC(2026, 10, 23, 9))).toEqual({ from: '2026-11-10', to: '2026-11-23' });
    expect(popupPeriod({ from: '2026-11-20', to: '2026-11-01' })).toEqual({ from: '2026-11-01', to: '2026-11-20' });
    expect(popupPeriod({ from: 'x', to: '2026-11-05' })).toEqual({ from: '2026-10-23', to: '2026-11-05' });
  });
});
