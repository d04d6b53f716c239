import { describe, expect, it } from 'vitest';
import { atMost, bootstrapInterval, median, medianEstimate, withinEachOther } from './statistics';

const ratioOfMedians = ([a, b]: number[][]) => median(a!) / median(b!);

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe('bootstrapInterval', () => {
  it('is a single point when nothing varies', () => {
    expect(
      bootstrapInterval(
        [
          [2, 2, 2],
          [1, 1],
        ],
        ratioOfMedians,
      ),
    ).toEqual({ low: 2, high: 2 });
  });

  it('holds the observed ratio and narrows as samples grow', () => {
    const noisy = (n: number, centre: number) => Array.from({ length: n }, (_, i) => centre + ((i * 37) % 11) * 20 - 100);
    const few = bootstrapInterval([noisy(9, 800), noisy(9, 550)], ratioOfMedians);
    const many = bootstrapInterval([noisy(99, 800), noisy(99, 550)], ratioOfMedians);
    const observed = median(noisy(9, 800)) / median(noisy(9, 550));
    expect(few.low).toBeLessThanOrEqual(observed);
    expect(few.high).toBeGreaterThanOrEqual(observed);
    expect(many.high - many.low).toBeLessThan(few.high - few.low);
  });

  it('gives the same interval for the same samples (seeded)', () => {
    const lists = [
      [700, 820, 760, 910, 680],
      [540, 600, 520, 580, 560],
    ];
    expect(bootstrapInterval(lists, ratioOfMedians)).toEqual(bootstrapInterval(lists, ratioOfMedians));
  });

  it('refuses an empty list', () => {
    expect(() => bootstrapInterval([[], [1]], ratioOfMedians)).toThrow(/at least one sample/);
  });
});

describe('atMost', () => {
  it('judges a bar only when the whole interval is on one side', () => {
    expect(atMost({ low: 1.1, high: 1.25 }, 1.3)).toBe('holds');
    expect(atMost({ low: 1.35, high: 1.6 }, 1.3)).toBe('fails');
    expect(atMost({ low: 1.2, high: 1.4 }, 1.3)).toBe('undecided');
  });
});

describe('medianEstimate', () => {
  it('is the median with an interval around it', () => {
    const estimate = medianEstimate([700, 820, 760, 910, 680, 740, 790]);
    expect(estimate.median).toBe(760);
    expect(estimate.interval.low).toBeLessThanOrEqual(760);
    expect(estimate.interval.high).toBeGreaterThanOrEqual(760);
  });
});

describe('withinEachOther', () => {
  it('holds only when each median lies within the interval of the other', () => {
    const original = { median: 450, interval: { low: 430, high: 480 } };
    expect(withinEachOther({ median: 460, interval: { low: 440, high: 500 } }, original)).toBe(true);
    // The original's median is inside the variant's wide interval, but the variant's median is outside the original's.
    expect(withinEachOther({ median: 500, interval: { low: 420, high: 600 } }, original)).toBe(false);
    expect(withinEachOther({ median: 560, interval: { low: 520, high: 600 } }, original)).toBe(false);
  });
});
