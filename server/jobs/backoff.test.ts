import { describe, expect, it } from 'vitest';
import { nextAttemptAt, retryDelayMs } from './backoff';

const policy = { baseMs: 1000, maxMs: 10_000, maxAttempts: 5 };

describe('retry backoff', () => {
  it('doubles from the base up to the cap, half of it random', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelayMs(n, policy, () => 0))).toEqual([500, 1000, 2000, 4000, 5000, 5000]);
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelayMs(n, policy, () => 1))).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
  });

  it('spreads retries of rows that failed together', () => {
    const delays = new Set(Array.from({ length: 20 }, () => retryDelayMs(3, policy)));
    expect(delays.size).toBeGreaterThan(1);
  });

  it('stops after the attempt limit', () => {
    expect(nextAttemptAt(4, policy, 100, () => 0)).toBe(100 + 4000);
    expect(nextAttemptAt(5, policy, 100)).toBeNull();
  });
});
