import { beforeEach, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/databases';
import { sampleLead } from '../testing/fixtures';
import { moscowMidnight } from '@/lib/calendar';
import type { NewLead } from './leads';

describe('Moscow days', () => {
  it('starts a day at 00:00 Moscow time (21:00 UTC the day before)', () => {
    expect(moscowMidnight(Date.UTC(2026, 10, 23, 20, 59))).toBe(Date.UTC(2026, 10, 22, 21));
    expect(moscowMidnight(Date.UTC(2026, 10, 23, 21, 0))).toBe(Date.UTC(2026, 10, 23, 21));
  });
});

describeEachDatabase('overview counts', (database) => {
  beforeEach(() => database().clear());

  it('counts leads today, in 7 and in 30 days by form and by UTM source, spam left out', async () => {
    const now = Date.UTC(2026, 10, 23, 12);
    const day = 86_400_000;
    const { repos } = database();
    const add = (daysAgo: number, formId: string, source: string | undefined, isSpam = false) =>
      repos.leads.accept(sampleLead({ createdAt: now - daysAgo * day, formId, utm: source ? { source } : {}, isSpam }), null);
    await add(0, 'contact', 'vk');
    await add(0, 'contact', 'vk', true);
    await add(3, 'contact', undefined);
    await add(10, 'popup', 'vk');
    await add(40, 'popup', 'vk');

    expect(await repos.leadQueries.counts('form', now)).toEqual([
      { key: 'contact', today: 1, week: 2, month: 2 },
      { key: 'popup', today: 0, week: 0, month: 1 },
    ]);
    expect(await repos.leadQueries.counts('utm_source', now)).toEqual([
      { key: 'vk', today: 1, week: 1, month: 2 },
      { key: '', today: 0, week: 1, month: 1 },
    ]);

    const daily = await repos.leadQueries.perDay(now);
    expect(daily.days).toHaveLength(30);
    expect(daily.days.at(-1)).toBe('23.11');
    expect(daily.days.at(-4)).toBe('20.11');
    expect(daily.series.map((s) => [s.key, s.counts.reduce((a, b) => a + b, 0), s.counts.at(-1), s.counts.at(-4)])).toEqual([
      ['contact', 2, 1, 1],
      ['popup', 1, 0, 0],
    ]);
  });
});

describeEachDatabase('leads per page', (database) => {
  beforeEach(() => database().clear());

  it('counts the leads sent from each page since a moment, spam and held-back leads left out, most first', async () => {
    const now = Date.UTC(2026, 10, 23, 12);
    const { repos } = database();
    const add = (minutesAgo: number, pagePath: string, more: Pick<NewLead, 'isSpam' | 'withheldSigns'> | object = {}) =>
      repos.leads.accept(sampleLead({ createdAt: now - minutesAgo * 60_000, pagePath, ...more }), null);
    await add(1, '/products/git');
    await add(2, '/products/junior-js');
    await add(3, '/products/junior-js');
    await add(4, '/products/junior-js', { isSpam: true });
    await add(5, '/products/junior-js', { withheldSigns: ['address'] });
    await add(120, '/products/git');

    expect(await repos.leadQueries.perPage(now - 60 * 60_000)).toEqual([
      { page: '/products/junior-js', leads: 2 },
      { page: '/products/git', leads: 1 },
    ]);
  });
});
