import { describe, expect, it } from 'vitest';
import { giftStateAt, parseGiftSchedule, type GiftWindow } from './schedule';

const w = (giftNumber: number, startTimestamp: number, endTimestamp: number): GiftWindow => ({
  giftNumber,
  startTimestamp,
  endTimestamp,
});

// Three windows with gaps between them: [100, 200], [300, 400], [500, 600].
const schedule = [w(1, 100, 200), w(2, 300, 400), w(3, 500, 600)];

describe('giftStateAt', () => {
  it('is hidden for an empty schedule', () => {
    expect(giftStateAt([], 0)).toEqual({ status: 'hidden' });
  });

  it('counts down to the first start before anything has begun', () => {
    expect(giftStateAt(schedule, 0)).toEqual({ status: 'upcoming', window: schedule[0], countdownTo: 100 });
    expect(giftStateAt(schedule, 99)).toMatchObject({ status: 'upcoming', window: { giftNumber: 1 } });
  });

  it.each([
    [100, 1],
    [150, 1],
    [200, 1],
    [300, 2],
    [400, 2],
    [500, 3],
    [600, 3],
  ])('at %i the window of gift %i is active (start and end inclusive)', (now, giftNumber) => {
    const state = giftStateAt(schedule, now);
    expect(state).toMatchObject({ status: 'active', window: { giftNumber } });
    if (state.status === 'active') expect(state.countdownTo).toBe(state.window.endTimestamp);
  });

  it.each([
    [201, 2, 300],
    [299, 2, 300],
    [401, 3, 500],
    [499, 3, 500],
  ])('at %i, between windows, gift %i is upcoming at %i', (now, giftNumber, countdownTo) => {
    expect(giftStateAt(schedule, now)).toEqual({
      status: 'upcoming',
      window: schedule.find((window) => window.giftNumber === giftNumber),
      countdownTo,
    });
  });

  it('is hidden once the last window has ended (past-only schedule)', () => {
    expect(giftStateAt(schedule, 601)).toEqual({ status: 'hidden' });
    expect(giftStateAt([w(1, 10, 20), w(2, 30, 40)], 1_000)).toEqual({ status: 'hidden' });
  });

  it('handles a single window on both sides and inside', () => {
    const single = [w(7, 10, 20)];
    expect(giftStateAt(single, 9)).toMatchObject({ status: 'upcoming', countdownTo: 10 });
    expect(giftStateAt(single, 10)).toMatchObject({ status: 'active', countdownTo: 20 });
    expect(giftStateAt(single, 20)).toMatchObject({ status: 'active', countdownTo: 20 });
    expect(giftStateAt(single, 21)).toEqual({ status: 'hidden' });
  });

  it('gives the earlier window the millisecond two touching windows share', () => {
    const touching = [w(1, 0, 100), w(2, 100, 200)];
    expect(giftStateAt(touching, 100)).toMatchObject({ status: 'active', window: { giftNumber: 1 } });
    expect(giftStateAt(touching, 101)).toMatchObject({ status: 'active', window: { giftNumber: 2 } });
  });

  it('agrees with a linear scan on a long schedule at every instant', () => {
    const long = Array.from({ length: 50 }, (_, index) => w((index % 13) + 1, index * 10, index * 10 + 4));
    for (let now = -5; now <= 510; now += 1) {
      const active = long.find((window) => window.startTimestamp <= now && now <= window.endTimestamp);
      const next = long.find((window) => window.startTimestamp > now);
      const expected = active
        ? { status: 'active', window: active, countdownTo: active.endTimestamp }
        : next
          ? { status: 'upcoming', window: next, countdownTo: next.startTimestamp }
          : { status: 'hidden' };
      expect(giftStateAt(long, now)).toEqual(expected);
    }
  });
});

describe('parseGiftSchedule', () => {
  it('keeps a well-formed sorted schedule as it is', () => {
    expect(parseGiftSchedule(schedule.map((window) => ({ ...window })))).toEqual(schedule);
  });

  it("keeps a window's struck-out price and discount the server looked up, and leaves out any that are not numbers", () => {
    expect(parseGiftSchedule([{ ...w(4, 100, 200), oldPrice: 6710, discount: 34 }])).toEqual([{ ...w(4, 100, 200), oldPrice: 6710, discount: 34 }]);
    expect(parseGiftSchedule([{ ...w(4, 100, 200), oldPrice: '6710', discount: 34 }])).toEqual([w(4, 100, 200)]);
    expect(parseGiftSchedule([{ ...w(4, 100, 200), oldPrice: 6710 }])).toEqual([w(4, 100, 200)]);
  });

  it('sorts unsorted input, so the tab shows what the sorted schedule would', () => {
    const unsorted = [schedule[2], schedule[0], schedule[1]];
    const parsed = parseGiftSchedule(unsorted);
    expect(parsed).toEqual(schedule);
    for (const now of [0, 150, 250, 450, 550, 700]) {
      expect(giftStateAt(parsed, now)).toEqual(giftStateAt(schedule, now));
    }
  });

  it('drops a window that overlaps an earlier one', () => {
    expect(parseGiftSchedule([w(2, 150, 250), w(1, 100, 200), w(3, 300, 400)])).toEqual([w(1, 100, 200), w(3, 300, 400)]);
  });

  it('skips malformed items and keeps the rest', () => {
    expect(
      parseGiftSchedule([
        w(0, 1, 2),
        w(-1, 1, 2),
        w(1.5, 1, 2),
        w(5, 20, 10),
        { giftNumber: '5', startTimestamp: 1, endTimestamp: 2 },
        { giftNumber: 5, startTimestamp: null, endTimestamp: 2 },
        { giftNumber: 5, startTimestamp: 1, endTimestamp: Infinity },
        null,
        'gift',
        { ...w(6, 30, 40), extra: 'ignored' },
      ]),
    ).toEqual([w(6, 30, 40)]);
  });

  it('throws on a body that is not a list', () => {
    expect(() => parseGiftSchedule({ schedule: [] })).toThrow(TypeError);
    expect(() => parseGiftSchedule(null)).toThrow(TypeError);
    expect(() => parseGiftSchedule('[]')).toThrow(TypeError);
  });

  it('accepts an empty list', () => {
    expect(parseGiftSchedule([])).toEqual([]);
  });
});
