import { describe, expect, it } from 'vitest';
import { analyseTest, conditionalPower, futilityPowerLoss, isFutile, plannedDrift, reportIsFutile, type DayCounts } from './sequential';

describe('futility', () => {
  it('conditional power: high for a test on course, low for one going the wrong way, none before 30 % of the plan', () => {
    expect(conditionalPower(1.5, 0.5, 2)).toBeGreaterThan(0.5);
    expect(conditionalPower(-1, 0.5, 2)).toBeLessThan(0.05);
    expect(isFutile(-1, 0.5, 2)).toBe(true);
    expect(isFutile(-1, 0.2, 2)).toBe(false);
    expect(plannedDrift()).toBeCloseTo(2.84, 1);
  });

  it('keeps the false-positive rate at or under 5 % and states the power it costs (a point or two)', () => {
    const loss = futilityPowerLoss(30, 0.05, 10_000, 7);
    expect(loss.falsePositivesWithFutility).toBeLessThanOrEqual(0.05);
    expect(loss.power).toBeGreaterThan(0.75);
    expect(loss.lost).toBeGreaterThanOrEqual(0);
    expect(loss.lost).toBeLessThan(0.03);
  });

  it('a report of two equal variants past half the plan is futile; one with B ahead is not', () => {
    const days = (b: number): DayCounts[] =>
      Array.from({ length: 10 }, (_, i) => ({
        day: `2026-01-${String(i + 1).padStart(2, '0')}`,
        variants: [
          { shows: 1000 * (i + 1), leads: 30 * (i + 1) },
          { shows: 1000 * (i + 1), leads: b * (i + 1) },
        ],
      }));
    const equal = days(29);
    expect(reportIsFutile(equal, analyseTest(equal, 16_000))).toBe(true);
    const ahead = days(35);
    expect(reportIsFutile(ahead, analyseTest(ahead, 16_000))).toBe(false);
  });
});
