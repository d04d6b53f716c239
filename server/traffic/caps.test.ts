import { beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/connection';
import { createRepositories } from '../repositories';
import { describeEachDatabase } from '../testing/databases';
import { capsOf, countPopupEvent, countWithinCaps, DAILY_CAPS, followUpLimit, NETWORK_DAILY_CAPS, trafficClient, TrafficTally, UNKNOWN_ADDRESS } from './caps';

const day = '2026-11-23';

describe('a close or a finish needs a show', () => {
  it('allows as many as the shows counted, never past the cap', () => {
    expect(followUpLimit(0)).toBe(0);
    expect(followUpLimit(1)).toBe(1);
    expect(followUpLimit(DAILY_CAPS.popupEvent)).toBe(DAILY_CAPS.popupEvent);
    expect(followUpLimit(DAILY_CAPS.popupEvent + 5)).toBe(DAILY_CAPS.popupEvent);
    expect(followUpLimit(NETWORK_DAILY_CAPS.popupEvent + 5, NETWORK_DAILY_CAPS.popupEvent)).toBe(NETWORK_DAILY_CAPS.popupEvent);
  });

  it('counts a network as well as an address, each more than one address holds and fewer than a crowd', () => {
    for (const kind of ['popupEvent', 'testShow', 'testLead', 'vitalsReport'] as const) {
      expect(capsOf(kind)).toEqual({ address: DAILY_CAPS[kind], network: NETWORK_DAILY_CAPS[kind] });
      expect(NETWORK_DAILY_CAPS[kind]).toBeGreaterThan(DAILY_CAPS[kind]);
    }
    expect(trafficClient('a', 'n')).toEqual({ address: 'a', network: 'n' });
    expect(trafficClient(null, null)).toEqual({ address: UNKNOWN_ADDRESS, network: UNKNOWN_ADDRESS });
  });
});

describeEachDatabase('daily caps per client address', (database) => {
  beforeEach(() => database().clear());

  it('counts within the limit, atomically: 40 events at once from two connections (two instances) count exactly the limit', async () => {
    const { repos, config } = database();
    const second = await openDatabase(config);
    try {
      const other = createRepositories(second);
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? repos : other).traffic.countWithin(day, 'vitals:/', 'address-a', 10)),
      );
      expect(results.filter(Boolean)).toHaveLength(10);
    } finally {
      await second.close();
    }
    expect(await repos.traffic.hits(day, 'vitals:/', 'address-a')).toBe(10);
    // Another address, scope or day has a count of its own; a limit of 0 counts nothing.
    expect(await repos.traffic.countWithin(day, 'vitals:/', 'address-b', 10)).toBe(true);
    expect(await repos.traffic.countWithin(day, 'vitals:/media', 'address-a', 10)).toBe(true);
    expect(await repos.traffic.countWithin('2026-11-24', 'vitals:/', 'address-a', 10)).toBe(true);
    expect(await repos.traffic.countWithin(day, 'vitals:/about', 'address-a', 0)).toBe(false);
    expect(await repos.traffic.hits(day, 'vitals:/about', 'address-a')).toBe(0);
  });

  it("a pop-up's finishes and closes count only up to the shows of the address that day", async () => {
    const { repos } = database();
    const event = (name: 'shown' | 'closed' | 'finished', address = 'address-a') =>
      countPopupEvent(repos, day, 'promo-frameworks', name, { address, network: `network-of-${address}` });
    // A finish before any show: not counted, and it does not use up a later one.
    expect(await event('finished')).toBe(false);
    expect(await event('closed')).toBe(false);
    expect(await event('shown')).toBe(true);
    expect(await event('finished')).toBe(true);
    expect(await event('finished')).toBe(false);
    // Another address's shows do not let this one finish more.
    expect(await event('shown', 'address-b')).toBe(true);
    expect(await event('finished')).toBe(false);
    // Up to the cap of shows; finishes follow them and stop at the cap too.
    const shows = await Promise.all(Array.from({ length: 6 }, () => event('shown')));
    expect(shows.filter(Boolean)).toHaveLength(DAILY_CAPS.popupEvent - 1);
    const finishes = await Promise.all(Array.from({ length: 6 }, () => event('finished')));
    expect(finishes.filter(Boolean)).toHaveLength(DAILY_CAPS.popupEvent - 1);
    expect(await repos.traffic.hits(day, 'popup:promo-frameworks:finished', 'address-a')).toBe(DAILY_CAPS.popupEvent);
    expect(await repos.traffic.hits(day, 'popup:promo-frameworks:shown', 'address-a')).toBe(DAILY_CAPS.popupEvent);
  });

  it("counts within the address's cap and the network's: many addresses of one network count the network's cap, and one address past its own uses none of it", async () => {
    const { repos } = database();
    const limits = { address: 2, network: 5 };
    const count = (address: string, network = 'network-1') => countWithinCaps(repos, day, 'test:t:show', { address, network }, limits);
    // One address floods: its own two count, the rest do not touch the network's five.
    const flood = await Promise.all(Array.from({ length: 10 }, () => count('address-a')));
    expect(flood.filter(Boolean)).toHaveLength(2);
    // Its neighbours share the network's five: three more, whichever addresses send them.
    const neighbours = [];
    for (let i = 0; i < 6; i++) neighbours.push(await count(`address-${i}`));
    expect(neighbours).toEqual([true, true, true, false, false, false]);
    // Another network counts afresh.
    expect(await count('address-z', 'network-2')).toBe(true);
  });

  it("a pop-up's finishes count only up to its shows counted in the network, whatever addresses send them", async () => {
    const { repos } = database();
    const network = 'network-1';
    const event = (name: 'shown' | 'finished', address: string) => countPopupEvent(repos, day, 'promo-frameworks', name, { address, network });
    expect(await event('shown', 'address-a')).toBe(true);
    // Another address of the network, with no show of its own, cannot finish.
    expect(await event('finished', 'address-b')).toBe(false);
    expect(await event('finished', 'address-a')).toBe(true);
    // The network's shows stop at its cap, however many addresses show.
    const shows = [];
    for (let i = 0; i < NETWORK_DAILY_CAPS.popupEvent + 5; i++) shows.push(await event('shown', `address-${i}`));
    expect(shows.filter(Boolean)).toHaveLength(NETWORK_DAILY_CAPS.popupEvent - 1);
  });

  it("adds a request's counted and uncounted events to the day's totals, per kind and subject, newest day first", async () => {
    const { repos } = database();
    const tally = new TrafficTally();
    tally.add('popup', 'promo-frameworks', true);
    tally.add('popup', 'promo-frameworks', false);
    tally.add('popup', 'promo-frameworks', false);
    tally.add('test', 'test-1', true);
    await tally.save(repos, day);
    await tally.save(repos, day);
    await repos.traffic.tally('2026-11-24', 'popup', 'promo-frameworks', { counted: 0, uncounted: 5 });
    expect(await repos.traffic.totals('popup', day, '2026-11-24')).toEqual([
      { day: '2026-11-24', subject: 'promo-frameworks', counted: 0, uncounted: 5 },
      { day, subject: 'promo-frameworks', counted: 2, uncounted: 4 },
    ]);
    expect(await repos.traffic.totals('test', day, day, 'test-1')).toEqual([{ day, subject: 'test-1', counted: 2, uncounted: 0 }]);
    expect(await repos.traffic.totals('vitals', day, day)).toEqual([]);
  });
});
