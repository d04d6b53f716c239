import { describe, expect, it } from 'vitest';
import { isCalendarDate, isClockTime, moscowToday } from './calendar';

for (const { check, valid, invalid } of [
  {
    check: isCalendarDate,
    valid: ['2026-12-01', '2026-11-30', '2028-02-29'],
    invalid: ['2026-11-31', '2026-02-29', '2026-13-01', '2026-00-10', '2026-12-00', '2026-1-5', '01.12.2026'],
  },
  {
    check: isClockTime,
    valid: ['00:00', '23:59', '10:00:30', '10:00:30.250'],
    invalid: ['24:00', '25:00', '10:60', '10:00:60', '9:00'],
  },
]) {
  describe(check.name, () => {
    it.each(valid)('%s -> true', (text) => {
      expect(check(text)).toBe(true);
    });
    it.each(invalid)('%s -> false', (text) => {
      expect(check(text)).toBe(false);
    });
  });
}

describe('moscowToday', () => {
  it('is the day in Moscow (UTC+3), not in UTC', () => {
    expect(moscowToday(new Date('2026-11-30T20:59:59Z'))).toBe('2026-11-30');
    expect(moscowToday(new Date('2026-11-30T21:00:00Z'))).toBe('2026-12-01');
  });
});
