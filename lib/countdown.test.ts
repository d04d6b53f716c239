import { describe, expect, it } from 'vitest';
import { formatCountdown, timeLeft } from './countdown';

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
const day = 24 * hour;

describe('formatCountdown', () => {
  it.each([
    [1, '1 день'],
    [2, '2 дня'],
    [5, '5 дней'],
    [11, '11 дней'],
    [21, '21 день'],
    [22, '22 дня'],
    [25, '25 дней'],
  ])('%i days plus the clock', (days, words) => {
    expect(formatCountdown(days * day + 4 * hour + 5 * minute + 6 * second)).toBe(`${words} 04:05:06`);
  });

  it('keeps HH:MM:SS after the days even when the clock part is zero', () => {
    expect(formatCountdown(3 * day)).toBe('3 дня 00:00:00');
  });

  it('shows HH:MM:SS under a day', () => {
    expect(formatCountdown(23 * hour + 59 * minute + 59 * second)).toBe('23:59:59');
  });

  it('switches from HH:MM:SS to MM:SS at the hour edge', () => {
    expect(formatCountdown(hour + second)).toBe('01:00:01');
    expect(formatCountdown(hour)).toBe('01:00:00');
    expect(formatCountdown(hour - second)).toBe('59:59');
  });

  it('shows MM:SS under an hour', () => {
    expect(formatCountdown(5 * minute + 7 * second)).toBe('05:07');
    expect(formatCountdown(second)).toBe('00:01');
  });

  it('rounds a part second up so it never reads 00:00 before the end', () => {
    expect(formatCountdown(1)).toBe('00:01');
    expect(formatCountdown(59 * second + 1)).toBe('01:00');
    expect(formatCountdown(day - 1)).toBe('1 день 00:00:00');
  });

  it('shows 00:00 once the target has passed', () => {
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5 * second)).toBe('00:00');
    expect(formatCountdown(Number.NaN)).toBe('00:00');
  });
});

describe('timeLeft', () => {
  it('counts down to the target and stops at zero', () => {
    expect(timeLeft(10_000, 4_000)).toBe(6_000);
    expect(timeLeft(10_000, 10_000)).toBe(0);
    expect(timeLeft(10_000, 12_000)).toBe(0);
  });
});
