import { describe, expect, it } from 'vitest';
import { isCalendarDate, isClockTime, moscowToday } from './calendar';

describe('isCalendarDate', () => {
  it.each([
    ['2026-12-01', true],
    ['2026-11-30', true],
    ['2028-02-29', true],
    ['2026-11-31', false],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-12-00', false],
    ['2026-1-5', false],
    ['01.12.2026', false],
  ])('%s -> %s', (text, expected) => {
    expect(isCalendarDate(text)).toBe(expected);
  });
});

describe('isClockTime', () => {
  it.each([
    ['00:00', true],
    ['23:59', true],
    ['10:00:30', true],
    ['10:00:30.250', true],
    ['24:00', false],
    ['25:00', false],
    ['10:60', false],
    ['10:00:60', false],
    ['9:00', false],
  ])('%s -> %s', (text, expected) => {
    expect(isClockTime(text)).toBe(expected);
  });
});

describe('moscowToday', () => {
  it('is the day in Moscow (UTC+3), not in UTC', () => {
    expect(moscowToday(new Date('2026-11-30T20:59:59Z'))).toBe('2026-11-30');
    expect(moscowToday(new Date('2026-11-30T21:00:00Z'))).toBe('2026-12-01');
  });
});
