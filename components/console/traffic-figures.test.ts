import { describe, expect, it } from 'vitest';
import { sharePercent, suspiciousDays } from './traffic-figures';

describe('suspicious traffic', () => {
  it("names the days whose uncounted events reach a tenth of the day's", () => {
    const rows = [
      { day: '2026-11-24', subject: 'promo', counted: 9, uncounted: 1 },
      { day: '2026-11-23', subject: 'promo', counted: 91, uncounted: 9 },
      { day: '2026-11-23', subject: 'form', counted: 0, uncounted: 1197 },
      { day: '2026-11-22', subject: 'promo', counted: 3, uncounted: 0 },
    ];
    expect(suspiciousDays(rows)).toEqual([
      { ...rows[0], share: 0.1 },
      { ...rows[2], share: 1 },
    ]);
    expect(suspiciousDays([])).toEqual([]);
    expect(sharePercent(0.1)).toBe('10 %');
    expect(sharePercent(0.996)).toBe('100 %');
  });
});
