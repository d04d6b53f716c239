import { describe, expect, it } from 'vitest';
import { sortByStart, windowProblem } from './windows';

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
