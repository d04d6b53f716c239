import { beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/databases';

describeEachDatabase('rate-limit repository', (database) => {
  beforeEach(() => database().clear());

  it('counts a window without adding to it, and takes a hit back never below zero', async () => {
    const { rateLimit } = database().repos;
    expect(await rateLimit.count('signin:email:x', 60_000)).toBe(0);
    await rateLimit.hit('signin:email:x', 60_000);
    await rateLimit.hit('signin:email:x', 60_000);
    expect(await rateLimit.count('signin:email:x', 60_000)).toBe(2);
    expect(await rateLimit.count('signin:email:x', 120_000)).toBe(0);
    await rateLimit.release('signin:email:x', 60_000);
    await rateLimit.release('signin:email:x', 60_000);
    await rateLimit.release('signin:email:x', 60_000);
    expect(await rateLimit.count('signin:email:x', 60_000)).toBe(0);
  });
});
