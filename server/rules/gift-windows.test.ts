import { describe, expect, it } from 'vitest';
import { giftOnSale, sortByStart, windowProblem } from './gift-windows';

const existing = [{ giftNumber: 1, startTimestamp: 1000, endTimestamp: 2000 }];

describe('gift window rules', () => {
  it('accepts gifts 1-13 with start before end, touching but not overlapping others', () => {
    expect(windowProblem({ giftNumber: 13, startTimestamp: 2000, endTimestamp: 3000 }, existing)).toBeNull();
    expect(windowProblem({ giftNumber: 2, startTimestamp: 0, endTimestamp: 1000 }, existing)).toBeNull();
  });

  it('names the problem otherwise, as a code with its data', () => {
    const giftNumber = { code: 'gift-number', first: 1, last: 13 };
    expect(windowProblem({ giftNumber: 0, startTimestamp: 5000, endTimestamp: 6000 }, existing)).toEqual(giftNumber);
    expect(windowProblem({ giftNumber: 2.5, startTimestamp: 5000, endTimestamp: 6000 }, existing)).toEqual(giftNumber);
    expect(windowProblem({ giftNumber: 14, startTimestamp: 5000, endTimestamp: 6000 }, existing)).toEqual(giftNumber);
    expect(windowProblem({ giftNumber: 2, startTimestamp: 6000, endTimestamp: 6000 }, existing)).toEqual({ code: 'start-not-before-end' });
    expect(windowProblem({ giftNumber: 2, startTimestamp: Number.NaN, endTimestamp: 6000 }, existing)).toEqual({ code: 'invalid-time' });
    expect(windowProblem({ giftNumber: 2, startTimestamp: 1500, endTimestamp: 2500 }, existing)).toEqual({ code: 'overlap', with: existing[0] });
    expect(windowProblem({ giftNumber: 2, startTimestamp: 500, endTimestamp: 3000 }, existing)).toEqual({ code: 'overlap', with: existing[0] });
  });

  it('sorts by start', () => {
    const sorted = sortByStart([
      { giftNumber: 3, startTimestamp: 30, endTimestamp: 40 },
      { giftNumber: 1, startTimestamp: 10, endTimestamp: 20 },
    ]);
    expect(sorted.map((w) => w.giftNumber)).toEqual([1, 3]);
  });
});

describe('giftOnSale', () => {
  const minute = 60_000;
  const windows = [
    { giftNumber: 4, startTimestamp: 100 * minute, endTimestamp: 200 * minute },
    { giftNumber: 5, startTimestamp: 200 * minute, endTimestamp: 300 * minute },
  ];

  it('is on sale inside its window, both ends included, and within a minute either side', () => {
    for (const now of [150 * minute, 100 * minute, 200 * minute, 99 * minute, 201 * minute]) expect(giftOnSale(windows, 4, now)).toBe(true);
  });

  it('is not on sale more than a minute outside its window, nor in another gift’s window, nor without a window', () => {
    for (const now of [99 * minute - 1, 201 * minute + 1, 250 * minute]) expect(giftOnSale(windows, 4, now)).toBe(false);
    expect(giftOnSale(windows, 5, 150 * minute)).toBe(false);
    expect(giftOnSale(windows, 6, 150 * minute)).toBe(false);
    expect(giftOnSale([], 4, 150 * minute)).toBe(false);
  });
});
