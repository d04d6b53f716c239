import { beforeEach, expect, it } from 'vitest';
import { openDatabase } from '../db/connection';
import { describeEachDatabase, type TestDatabase } from '../testing/databases';
import { createRepositories } from '.';

describeEachDatabase('rate-limit repository', (database) => {
  beforeEach(() => database().clear());

  /** The window's hits as stored (what the next claim is decided by). */
  async function stored(bucket: string, windowStart: number): Promise<number> {
    const row = await database()
      .handle.db.selectFrom('rate_limit_counters')
      .select('hits')
      .where('bucket', '=', bucket)
      .where('window_start', '=', windowStart)
      .executeTakeFirst();
    return row ? Number(row.hits) : 0;
  }

  it('claims up to the limit and then refuses without counting; a release gives a place back, never below zero', async () => {
    const { rateLimit } = database().repos;
    expect(await rateLimit.claim('signin:email:x', 60_000, 2)).toBe(1);
    expect(await rateLimit.claim('signin:email:x', 60_000, 2)).toBe(2);
    expect(await rateLimit.claim('signin:email:x', 60_000, 2)).toBeNull();
    expect(await rateLimit.claim('signin:email:x', 60_000, 2)).toBeNull();
    expect(await stored('signin:email:x', 60_000)).toBe(2);
    // Another window, another bucket: counted apart.
    expect(await rateLimit.claim('signin:email:x', 120_000, 2)).toBe(1);
    expect(await rateLimit.claim('signin:email:y', 60_000, 2)).toBe(1);

    await rateLimit.release('signin:email:x', 60_000);
    expect(await rateLimit.claim('signin:email:x', 60_000, 2)).toBe(2);
    for (let i = 0; i < 3; i += 1) await rateLimit.release('signin:email:x', 60_000);
    expect(await stored('signin:email:x', 60_000)).toBe(0);
  });

  it('of 60 claims at once from two connections (two instances), exactly the limit get a place, each its own', async () => {
    const places = await burst(database(), (repos) => repos.rateLimit.claim('signin:email:burst', 60_000, 10));
    expect(places.filter((place) => place === null)).toHaveLength(50);
    expect(places.filter((place) => place !== null).sort((a, b) => a! - b!)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await stored('signin:email:burst', 60_000)).toBe(10);
  });

  it('(the burst above does race: reading the count, then counting, lets far more than the limit through)', async () => {
    const readThenWrite = async (repos: ReturnType<typeof createRepositories>) => {
      if ((await stored('signin:email:racy', 60_000)) >= 10) return null;
      return repos.rateLimit.hit('signin:email:racy', 60_000);
    };
    const places = await burst(database(), readThenWrite);
    expect(places.filter((place) => place !== null).length).toBeGreaterThan(10);
  });
});

/** 60 calls of `claim` at once, every other one through a second connection to the same database. */
async function burst<T>(database: TestDatabase, claim: (repos: ReturnType<typeof createRepositories>) => Promise<T>): Promise<T[]> {
  const other = await openDatabase(database.config);
  try {
    const otherRepos = createRepositories(other);
    return await Promise.all(Array.from({ length: 60 }, (_, i) => claim(i % 2 ? otherRepos : database.repos)));
  } finally {
    await other.close();
  }
}
