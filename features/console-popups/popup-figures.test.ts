import { describe, expect, it } from 'vitest';
import { conversionRate, conversionSeries } from './popup-figures';

describe('pop-up figures', () => {
  it('shows the rate in Russian', () => {
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
