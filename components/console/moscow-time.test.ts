import { describe, expect, it } from 'vitest';
import { moscowDayTime, moscowTime } from './moscow-time';

describe('a moment in Moscow time, as the console writes it', () => {
  const now = Date.UTC(2026, 10, 23, 9, 0);
  it('writes the day in words and the time, the year only when it is not this one', () => {
    expect(moscowDayTime(Date.UTC(2026, 11, 16, 7, 0), now)).toBe('16 декабря, 10:00 МСК');
    expect(moscowDayTime(Date.UTC(2026, 11, 31, 21, 5), now)).toBe('1 января 2027, 00:05 МСК');
    expect(moscowTime(Date.UTC(2026, 10, 23, 9, 34))).toBe('23.11.2026, 12:34');
  });
});
