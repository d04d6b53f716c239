/**
 * SQLite lets one process write at a time, and better-sqlite3 waits for another process's write lock
 * synchronously: with a busy timeout of 10 s, a web server waiting for `npm run worker`'s write would
 * stall its whole event loop (every page, every request) for as long as the wait lasts. So the
 * connection waits only SYNC_LOCK_WAIT_MS inside SQLite; a statement still refused with SQLITE_BUSY is
 * tried again after an asynchronous pause, while the loop serves other requests, until LOCK_WAIT_MS.
 *
 * Retrying the statement is what SQLite's own busy handler does: SQLITE_BUSY means the lock was not
 * taken and nothing was done. (Every write transaction of ours starts with BEGIN IMMEDIATE, so BUSY
 * comes from that statement or from a single autocommit statement, never half-way through our work;
 * SQLITE_BUSY_SNAPSHOT, the one BUSY that retrying cannot cure, is a different code and is not retried.)
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { CompiledQuery, DatabaseConnection, Driver, QueryResult, TransactionSettings } from 'kysely';
import { SqliteDialect } from 'kysely';

/** The longest the event loop waits inside SQLite for a lock (better-sqlite3's `timeout`). */
export const SYNC_LOCK_WAIT_MS = 5;
/**
 * The longest a statement waits for a lock in all, as the busy timeout of 10 s did before; a request to
 * the API waits no longer in all, whatever number of statements it makes (server/http/endpoint.ts).
 */
export const LOCK_WAIT_MS = 10_000;
const MAX_PAUSE_MS = 50;

const isBusy = (error: unknown) => (error as { code?: unknown } | null)?.code === 'SQLITE_BUSY';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The deadline of the work under way: `at`, a performance.now() time, `ms` after the work began. */
interface Deadline {
  at: number;
  ms: number;
}

/**
 * The deadline of the work under way, set by withLockWaitLimit. Kept on globalThis: Next.js bundles the
 * instrumentation hook (which opens the database) and each route apart, and a route's deadline must reach
 * the driver the hook created.
 */
const deadlineKey = Symbol.for('school-site.database-deadline');
const deadlines: AsyncLocalStorage<Deadline> = ((globalThis as Record<symbol, AsyncLocalStorage<Deadline> | undefined>)[deadlineKey] ??=
  new AsyncLocalStorage<Deadline>());

/** The work of withinDeadline did not end in time. */
export class DeadlineExceededError extends Error {
  readonly code = 'DEADLINE_EXCEEDED';
  constructor(ms: number, options?: ErrorOptions) {
    super(`not done within ${ms} ms`, options);
    this.name = 'DeadlineExceededError';
  }
}

/**
 * Runs `work` with one wait for another process's write lock (SQLite) shared by all its statements: each
 * waits until `ms` from now at most, and once that time is past tries once more and then fails with
 * SQLITE_BUSY; waiting for the process's one connection, held by a statement that waits for the lock (a
 * worker's, another request's), ends then too, with DeadlineExceededError. Without it every statement
 * would wait LOCK_WAIT_MS of its own, queued behind every holder's own LOCK_WAIT_MS: a request of
 * several statements, or one behind others, would wait a multiple of LOCK_WAIT_MS.
 */
export function withLockWaitLimit<T>(ms: number, work: () => Promise<T>): Promise<T> {
  return deadlines.run({ at: performance.now() + ms, ms }, work);
}

/**
 * Runs `work`, rejecting with DeadlineExceededError when it has not ended after `ms` (on any database).
 * On SQLite its statements also stop waiting for another process's write lock at the deadline
 * (withLockWaitLimit), so a late health check gives the connection back instead of holding it for the
 * whole LOCK_WAIT_MS.
 */
export async function withinDeadline<T>(ms: number, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceededError(ms)), ms);
  });
  try {
    return await Promise.race([withLockWaitLimit(ms, work), expired]);
  } catch (error) {
    // A statement that stopped waiting for a lock at the deadline may fail a moment before the timer fires.
    if (isBusy(error)) throw new DeadlineExceededError(ms, { cause: error });
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs `statement`, trying again after growing pauses (2, 4, … 50 ms, jittered) while SQLite answers BUSY,
 * until `waitMs` or the deadline of the work it belongs to (withLockWaitLimit), whichever comes first.
 */
export async function retryWhileBusy<T>(statement: () => Promise<T>, waitMs = LOCK_WAIT_MS, random: () => number = Math.random): Promise<T> {
  const deadline = Math.min(performance.now() + waitMs, deadlines.getStore()?.at ?? Infinity);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await statement();
    } catch (error) {
      if (!isBusy(error) || performance.now() >= deadline) throw error;
      const ceiling = Math.min(2 ** attempt, MAX_PAUSE_MS);
      await pause(ceiling / 2 + random() * (ceiling / 2));
    }
  }
}

/** A connection whose statements wait for a lock off the event loop. */
function lockWaiting(connection: DatabaseConnection, waitMs: number): DatabaseConnection {
  return {
    executeQuery: <R>(query: CompiledQuery) => retryWhileBusy<QueryResult<R>>(() => connection.executeQuery<R>(query), waitMs),
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  };
}

/**
 * The process's one SQLite connection (Kysely hands it to one user at a time), waited for until the
 * deadline of the work asking for it, if it has one. A connection that comes after its asker gave up goes
 * straight back. One free at once is taken even past the deadline: the asker then tries its statement once.
 */
async function acquireBeforeDeadline(driver: Driver): Promise<DatabaseConnection> {
  const deadline = deadlines.getStore();
  const acquiring = driver.acquireConnection();
  if (!deadline) return acquiring;
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), Math.max(0, deadline.at - performance.now()))));
  try {
    const connection = await Promise.race([acquiring, expired]);
    if (connection) return connection;
  } finally {
    clearTimeout(timer);
  }
  void acquiring.then(
    (connection) => driver.releaseConnection(connection),
    () => undefined,
  );
  throw new DeadlineExceededError(deadline.ms);
}

/** Kysely's SQLite driver, handing out the lock-waiting connection (transactions run through it too). */
class LockWaitingDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly waitMs: number,
  ) {}
  init = () => this.inner.init();
  acquireConnection = async () => lockWaiting(await acquireBeforeDeadline(this.inner), this.waitMs);
  beginTransaction = (connection: DatabaseConnection, settings: TransactionSettings) => this.inner.beginTransaction(connection, settings);
  commitTransaction = (connection: DatabaseConnection) => this.inner.commitTransaction(connection);
  rollbackTransaction = (connection: DatabaseConnection) => this.inner.rollbackTransaction(connection);
  releaseConnection = (connection: DatabaseConnection) => this.inner.releaseConnection(connection);
  destroy = () => this.inner.destroy();
}

export class LockWaitingSqliteDialect extends SqliteDialect {
  constructor(
    config: ConstructorParameters<typeof SqliteDialect>[0],
    private readonly waitMs = LOCK_WAIT_MS,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    return new LockWaitingDriver(super.createDriver(), this.waitMs);
  }
}
