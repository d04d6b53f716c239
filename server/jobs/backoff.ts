import type { RetryPolicy } from '../config';

/**
 * Delay before the next attempt after `attempts` failed ones: exponential (base, 2x base, 4x base, …,
 * capped), with "equal jitter" (half fixed, half random) so that after an outage the queued rows do
 * not all hit GetCourse again in the same second.
 */
export function retryDelayMs(attempts: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const exponential = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(exponential / 2 + (random() * exponential) / 2);
}

/** When to try again, or null when the attempts are used up and the delivery is dead. */
export function nextAttemptAt(attempts: number, policy: RetryPolicy, now: number, random?: () => number): number | null {
  return attempts >= policy.maxAttempts ? null : now + retryDelayMs(attempts, policy, random);
}
