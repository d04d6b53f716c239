import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { inWriteTransaction, openDatabase, type DatabaseHandle } from './connection';
import { DeadlineExceededError, LOCK_WAIT_MS, retryWhileBusy, withinDeadline, withLockWaitLimit } from './sqlite-lock-wait';

let dir: string;
let handle: DatabaseHandle;
/** Another process's connection to the same file (better-sqlite3 locks per connection, as between processes). */
let other: Database.Database;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-lock-wait-'));
  const file = path.join(dir, 'site.db');
  handle = await openDatabase({ dialect: 'sqlite', file });
  await sql`create table t (n integer)`.execute(handle.db);
  other = new Database(file);
});

afterEach(async () => {
  other.close();
  await handle.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Counts event-loop turns while `work` runs: a loop stalled inside SQLite turns no timer. */
async function ticksDuring<T>(work: Promise<T>): Promise<{ result: T; ticks: number }> {
  let ticks = 0;
  const timer = setInterval(() => (ticks += 1), 5);
  try {
    return { result: await work, ticks };
  } finally {
    clearInterval(timer);
  }
}

it('a write waiting for another connection’s lock leaves the event loop free, then goes through', async () => {
  other.exec('begin immediate');
  setTimeout(() => other.exec('commit'), 300);
  const started = performance.now();
  const { ticks } = await ticksDuring(inWriteTransaction(handle, (trx) => sql`insert into t (n) values (1)`.execute(trx)));
  expect(performance.now() - started).toBeGreaterThanOrEqual(250);
  // A loop stalled inside SQLite turns a 5 ms interval once at most when it comes back; a free one turns
  // it many times in 300 ms, even on a machine busy enough to delay most of them.
  expect(ticks).toBeGreaterThanOrEqual(3);
  expect(other.prepare('select count(*) as n from t').get()).toEqual({ n: 1 });

  other.exec('begin immediate');
  setTimeout(() => other.exec('commit'), 200);
  const single = await ticksDuring(sql`insert into t (n) values (2)`.execute(handle.db));
  expect(single.ticks).toBeGreaterThanOrEqual(3);
});

it('gives up with SQLITE_BUSY once the wait is over, and never retries another error', async () => {
  const busy = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
  let calls = 0;
  await expect(retryWhileBusy(() => ((calls += 1), Promise.reject(busy)), 100)).rejects.toBe(busy);
  // Tried again while the wait lasted (a busy machine may fit only a few tries in it).
  expect(calls).toBeGreaterThanOrEqual(2);

  const snapshot = Object.assign(new Error('stale snapshot'), { code: 'SQLITE_BUSY_SNAPSHOT' });
  calls = 0;
  await expect(retryWhileBusy(() => ((calls += 1), Promise.reject(snapshot)), 1000)).rejects.toBe(snapshot);
  expect(calls).toBe(1);
});

it('under withinDeadline a write waiting for the lock gives up at the deadline and hands the connection back', async () => {
  other.exec('begin immediate');
  const started = performance.now();
  let writeEnded = 0;
  let write!: Promise<unknown>;
  const checked = withinDeadline(200, () => {
    write = inWriteTransaction(handle, (trx) => sql`insert into t (n) values (3)`.execute(trx)).finally(() => (writeEnded = performance.now()));
    return write;
  });
  await expect(checked).rejects.toBeInstanceOf(DeadlineExceededError);
  await expect(write).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
  // The statement itself stopped waiting at the deadline, not after the whole LOCK_WAIT_MS (10 s).
  expect(writeEnded - started).toBeLessThan(LOCK_WAIT_MS / 2);
  other.exec('rollback');
  await sql`insert into t (n) values (4)`.execute(handle.db);
  expect(other.prepare('select n from t').all()).toEqual([{ n: 4 }]);
});

it('under withLockWaitLimit the statements of one piece of work, and works queued for the one connection, share one wait', async () => {
  const limitMs = 400;
  other.exec('begin immediate');
  const write = (n: number) => inWriteTransaction(handle, (trx) => sql`insert into t (n) values (${n})`.execute(trx));
  // A statement of no request (a worker's) holds the connection while it waits its whole LOCK_WAIT_MS for the lock.
  const background = write(1);
  /** Two write transactions in a row, as a lead makes (its rate limit, then the lead): how long until it failed, and with what. */
  const request = async (n: number) => {
    const started = performance.now();
    const failure = await withLockWaitLimit(limitMs, async () => {
      await write(n).catch(() => undefined);
      await write(n + 1);
    }).then(
      () => 'done',
      (error: unknown) => (error as { code?: string }).code,
    );
    return { failure, waited: performance.now() - started };
  };
  // Three at once, queued behind the background statement and then behind each other.
  const requests = await Promise.all([request(10), request(20), request(30)]);
  other.exec('rollback');
  // Each gave up near its own limit: not after the holders' waits, nor 2 × the limit (one wait a statement).
  for (const { failure, waited } of requests) {
    expect(failure).toBe('DEADLINE_EXCEEDED');
    expect(waited).toBeLessThan(limitMs * 1.5);
  }
  // The background statement went on waiting, and went through once the lock was free; the connection is free again.
  await background;
  await write(40);
  expect(other.prepare('select n from t order by n').all()).toEqual([{ n: 1 }, { n: 40 }]);
});

it('under withLockWaitLimit a statement that has the connection gives up with SQLITE_BUSY at the limit', async () => {
  other.exec('begin immediate');
  const started = performance.now();
  await expect(withLockWaitLimit(300, () => sql`insert into t (n) values (1)`.execute(handle.db))).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
  expect(performance.now() - started).toBeLessThan(LOCK_WAIT_MS / 2);
  other.exec('rollback');
});

it('withinDeadline hands back what the work returns in time', async () => {
  expect(await withinDeadline(1000, async () => 'done')).toBe('done');
});
