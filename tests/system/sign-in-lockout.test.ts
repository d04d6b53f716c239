/**
 * The console's sign-in lockout against the built server: 100 sign-ins sent at once are counted before
 * any password is checked, so exactly the policy's number are checked (the answers say which were, the
 * audit log's folded rows count them), the right password sent last is refused (from the flood's network:
 * from another, the operator whose e-mail was tried signs in), and the log holds a few rows. On SQLite with one server, and on PostgreSQL with two servers over one database, the requests
 * spread over both. Each flood comes through a proxy (`TRUST_PROXY=1`) from an address of its own.
 *
 * The lockout counts per window (SIGN_IN_POLICY.windowMs, from the hour), so a flood that straddles a
 * window's end has its counts split over two windows. Rather than wait for a window with room (minutes),
 * a flood runs at once and, in the rare case it straddled an end, runs once more as someone new (another
 * operator, address and tried e-mails) in the window just begun, which holds it whole.
 */
import type { Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_POLICY } from '@/server/admin/sign-in';
import { openDatabase, type DatabaseHandle } from '@/server/db/connection';
import { createRepositories } from '@/server/repositories';
import type { AuditEntry } from '@/server/repositories/audit';
import { addOperators, launchChromium, signedIn, signInForm, type Operator, type SignInAnswer } from './support/console';
import { freePort, serverEnv, startNextServer, type NextServer } from '@/tests/support/next-server';
import { createScratchDatabase, type ScratchDatabase } from './support/scratch-database';
import { systemSuite } from './support/suite';

const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim();
if (!testDatabaseUrl) {
  console.warn('\n[system tests] TEST_DATABASE_URL is not set: the two-instance PostgreSQL sign-in lockout test is SKIPPED.\n');
}

/**
 * A flood's size: over three times the largest number of passwords a flood gets checked
 * (SIGN_IN_POLICY.refuseAddressAfter, 30), so most of it is refused, and on PostgreSQL each server takes
 * 50 at once, more than either limit alone: attempts at once from both servers race for the same counts.
 * Each refused attempt still costs a server a page render (~30 ms of processor): 200 only doubled that.
 */
const ATTEMPTS = 100;
const WRONG_PASSWORD = 'not the password at all';
const FLOOD_TIMEOUT_MS = 360_000;

/** A flood's people: the first run's, and another for the run after a straddled window (`inOneWindow`). */
const floodRuns = [0, 1] as const;
type FloodRun = (typeof floodRuns)[number];
const oneEmailOperators = floodRuns.map((run) => ({ email: `lockout-one-email-${run}@school-system.ru`, password: 'one e-mail lockout password' }));
const oneClientOperator: Operator = { email: 'lockout-one-client@school-system.ru', password: 'one client lockout password' };
const viewer: Operator = { email: 'lockout-viewer@school-system.ru', password: 'lockout viewer password' };
const everyOperator = [...oneEmailOperators, oneClientOperator, viewer];
/** Where a run's flood comes from: an address of its own (TEST-NET-2), so no run counts against another. */
const floodAddress = (flood: 'one e-mail' | 'one client', run: FloodRun) => `198.51.100.${(flood === 'one e-mail' ? 10 : 20) + run}`;
const guessPrefix = (run: FloodRun) => `lockout-guess-${run}-`;
/** Where the operator whose e-mail the flood tried signs in from: another network (TEST-NET-1). */
const operatorAddress = '192.0.2.10';

type Post = Awaited<ReturnType<typeof signInForm>>;

/**
 * ATTEMPTS - 1 wrong sign-ins at once, the i-th for `triedEmail(i)`, spread over `posts` (the servers); the
 * operator's right password once the first refusal has come back (the checked ones are still waiting
 * by then), through the last server.
 */
async function flood(posts: Post[], operator: Operator, triedEmail: (index: number) => string, address: string) {
  const headers = { 'x-forwarded-for': address };
  let sendRight = () => {};
  const firstRefusal = new Promise<void>((resolve) => (sendRight = resolve));
  const right = firstRefusal.then(() => posts.at(-1)!(operator, headers));
  const wrong = await Promise.all(
    Array.from({ length: ATTEMPTS - 1 }, async (_, index) => {
      const answer = await posts[index % posts.length]!({ email: triedEmail(index), password: WRONG_PASSWORD }, headers);
      if (answer === 'refused') sendRight();
      return answer;
    }),
  );
  // Never refused (a broken lockout): the right one still goes, and the counts below say what broke.
  sendRight();
  return { answers: tally([...wrong, await right]), right: await right };
}

function tally(answers: SignInAnswer[]): Partial<Record<SignInAnswer, number>> {
  const counts: Partial<Record<SignInAnswer, number>> = {};
  for (const answer of answers) counts[answer] = (counts[answer] ?? 0) + 1;
  return counts;
}

const windowStartOf = (at: number) => Math.floor(at / SIGN_IN_POLICY.windowMs) * SIGN_IN_POLICY.windowMs;

/**
 * Runs `flood` as run 0; when it straddled the end of a lockout window, once more as run 1, in the window
 * that has just begun (a flood takes seconds, a window 15 minutes). Says which run counts, and its window.
 */
async function inOneWindow<T>(flood: (run: FloodRun) => Promise<T>): Promise<T & { run: FloodRun; startedAt: number }> {
  for (const run of floodRuns) {
    const startedAt = Date.now();
    const result = await flood(run);
    if (windowStartOf(Date.now()) === windowStartOf(startedAt)) return { ...result, run, startedAt };
    console.log('[sign-in-lockout] the flood straddled the end of a lockout window: once more as someone new, in the next window');
  }
  throw new Error('two floods in a row straddled the end of a lockout window: a window is shorter than a flood');
}

/** The sessions of one operator (the one e-mail flood's operator signs in from elsewhere afterwards). */
const sessionsOf = (database: DatabaseHandle, email: string) =>
  database.db
    .selectFrom('admin_sessions')
    .innerJoin('admin_users', 'admin_users.id', 'admin_sessions.userId')
    .where('admin_users.email', '=', email)
    .select('admin_sessions.id')
    .execute();

/**
 * `flooding`'s result, or its error with the servers' own error lines: a 500 under load says what failed
 * on the server (a CI log shows only the test's side otherwise).
 */
async function withServerErrors<T>(servers: NextServer[], flooding: Promise<T>): Promise<T> {
  try {
    return await flooding;
  } catch (error) {
    const lines = servers.flatMap((server) =>
      server
        .output()
        .split('\n')
        .filter((line) => /error|Error/.test(line))
        .slice(-10),
    );
    throw new Error(`${(error as Error).message}\nthe servers' error lines:\n${lines.join('\n') || '(none)'}`, { cause: error });
  }
}

const sum = (entries: AuditEntry[]) => entries.reduce((total, entry) => total + entry.count, 0);

/** Which run of each flood counted (`inOneWindow`): the one «Журнал» shows whole. */
interface CountedRuns {
  oneEmail?: FloodRun;
  oneClient?: FloodRun;
}

/** The floods, the same on every back end: `posts` are the servers' sign-in forms, `database` where they write. */
function lockoutFloods(setup: () => { posts: Post[]; database: DatabaseHandle; servers: NextServer[] }): CountedRuns {
  const counted: CountedRuns = {};
  /** The rows of a flood that began at `startedAt` (a straddled run before it ended earlier). */
  async function auditSince(startedAt: number): Promise<AuditEntry[]> {
    const entries = await createRepositories(setup().database).audit.list({ limit: 1000 });
    const recent = entries.filter((entry) => entry.at >= startedAt);
    // Every attempt of the flood fell into the window it started in (else the exact counts would not hold).
    for (const entry of recent) expect(entry.lastAt).toBeLessThan(windowStartOf(startedAt) + SIGN_IN_POLICY.windowMs);
    return recent;
  }

  it(
    `one e-mail, ${ATTEMPTS} at once from one network: ${SIGN_IN_POLICY.refuseAfter} passwords checked, the right one refused there, two audit rows; from another network the operator signs in`,
    async () => {
      const { posts, database, servers } = setup();
      const { answers, right, run, startedAt } = await withServerErrors(
        servers,
        inOneWindow((run) => flood(posts, oneEmailOperators[run]!, () => oneEmailOperators[run]!.email, floodAddress('one e-mail', run))),
      );
      const operator = oneEmailOperators[run]!;
      counted.oneEmail = run;

      expect(answers).toEqual({ wrong: SIGN_IN_POLICY.refuseAfter, refused: ATTEMPTS - SIGN_IN_POLICY.refuseAfter });
      expect(right).toBe('refused');
      expect(await sessionsOf(database, operator.email)).toEqual([]);

      const rows = (await auditSince(startedAt)).filter((entry) => entry.actor === operator.email);
      expect(rows.map(({ action, count }) => ({ action, count })).sort((a, b) => a.action.localeCompare(b.action))).toEqual([
        { action: 'sign_in_failed', count: SIGN_IN_POLICY.refuseAfter },
        { action: 'sign_in_refused', count: ATTEMPTS - SIGN_IN_POLICY.refuseAfter },
      ]);
      // The flood locked the e-mail out of its own network only: the operator, from hers, signs in through every server.
      for (const post of posts) expect(await post(operator, { 'x-forwarded-for': operatorAddress })).toBe('signed-in');
      // The servers' logs hold no e-mail.
      for (const server of servers) expect(server.output()).not.toContain(operator.email);
    },
    FLOOD_TIMEOUT_MS,
  );

  it(
    `one client, ${ATTEMPTS} e-mails at once: ${SIGN_IN_POLICY.refuseAddressAfter} passwords checked, the operator's right one refused, the refusals one audit row`,
    async () => {
      const { posts, database, servers } = setup();
      const { answers, right, run, startedAt } = await withServerErrors(
        servers,
        inOneWindow((run) =>
          flood(posts, oneClientOperator, (index) => `${guessPrefix(run)}${index}-${'x'.repeat(200)}@school-system.ru`, floodAddress('one client', run)),
        ),
      );
      counted.oneClient = run;

      expect(answers).toEqual({ wrong: SIGN_IN_POLICY.refuseAddressAfter, refused: ATTEMPTS - SIGN_IN_POLICY.refuseAddressAfter });
      expect(right).toBe('refused');
      expect(await sessionsOf(database, oneClientOperator.email)).toEqual([]);

      const rows = await auditSince(startedAt);
      const failed = rows.filter((entry) => entry.action === 'sign_in_failed' && entry.actor?.startsWith(guessPrefix(run)));
      expect(failed).toHaveLength(SIGN_IN_POLICY.refuseAddressAfter);
      expect(sum(failed)).toBe(SIGN_IN_POLICY.refuseAddressAfter);
      // The tried e-mails (231 characters) are kept cut short.
      for (const entry of failed) expect(Array.from(entry.actor!)).toHaveLength(64);
      const refused = rows.filter((entry) => entry.action === 'sign_in_refused_address');
      expect(refused.map(({ actor, count }) => ({ actor, count }))).toEqual([{ actor: null, count: ATTEMPTS - SIGN_IN_POLICY.refuseAddressAfter }]);
    },
    FLOOD_TIMEOUT_MS,
  );
  return counted;
}

async function startServers(count: number, env: Record<string, string>): Promise<NextServer[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const port = await freePort();
      // One nginx in front (deploy/): the address a flood comes from is the one it forwards.
      // A flood's sign-ins at once wait their turn on two cores: a request's own deadline must not end them first
      // (a 408 is neither a refusal nor a check, so the count would be off).
      return startNextServer(
        port,
        serverEnv({ ...env, TRUST_PROXY: '1', SITE_URL: `http://127.0.0.1:${port}`, HTTP_REQUEST_TIMEOUT_MS: String(FLOOD_TIMEOUT_MS) }),
      );
    }),
  );
}

describe('the console sign-in lockout under a flood, SQLite, one server', () => {
  const suite = systemSuite('sign-in-lockout');
  let database: DatabaseHandle;
  let posts: Post[];
  let browser: Browser | undefined;

  beforeAll(async () => {
    const file = `${suite.dir}/lockout.db`;
    await addOperators(everyOperator, { dialect: 'sqlite', file });
    suite.servers.push(...(await startServers(1, { SQLITE_PATH: file })));
    database = await openDatabase({ dialect: 'sqlite', file });
    posts = [await signInForm(suite.servers[0]!.url)];
  });

  afterAll(async () => {
    await browser?.close();
    await database?.close();
  });

  const counted = lockoutFloods(() => ({ posts, database, servers: suite.servers }));

  it('«Журнал» says the folded rows in Russian, with the e-mail tried and the count', async () => {
    browser = await launchChromium();
    // From the console's own machine: an address the floods did not use.
    const page = await signedIn(browser, suite.servers[0]!.url, viewer);
    await page.goto('/admin/audit');
    await page.getByRole('heading', { level: 1, name: 'Журнал действий' }).waitFor();
    const row = (text: string) => page.getByRole('row').filter({ hasText: text });
    const oneEmail = oneEmailOperators[counted.oneEmail!]!.email;
    await expect(row(`Неудачные входы: ${SIGN_IN_POLICY.refuseAfter}`).filter({ hasText: oneEmail }).count()).resolves.toBe(1);
    await expect(
      row(`Входы из одной сети отклонены: много неудачных попыток: ${ATTEMPTS - SIGN_IN_POLICY.refuseAfter}`)
        .filter({ hasText: oneEmail })
        .count(),
    ).resolves.toBe(1);
    // The row names no address; a straddled first run (rare) may have left one more like it.
    const addressRefusals = await row(`Входы с одного адреса отклонены: много неудачных попыток: ${ATTEMPTS - SIGN_IN_POLICY.refuseAddressAfter}`).count();
    if (counted.oneClient === 0) expect(addressRefusals).toBe(1);
    else expect(addressRefusals).toBeGreaterThanOrEqual(1);
    await expect(
      row('Неудачные входы: 1')
        .filter({ hasText: guessPrefix(counted.oneClient!) })
        .count(),
    ).resolves.toBe(SIGN_IN_POLICY.refuseAddressAfter);
    await expect(row('Вход').filter({ hasText: viewer.email }).count()).resolves.toBe(1);
  });
});

describe.skipIf(!testDatabaseUrl)('the console sign-in lockout under a flood, PostgreSQL, two servers over one database', () => {
  const suite = systemSuite('sign-in-lockout-postgres');
  let scratch: ScratchDatabase | undefined;
  let database: DatabaseHandle;
  let posts: Post[];

  beforeAll(async () => {
    // A database of its own: other people's tests use the shared one at the same time.
    scratch = await createScratchDatabase(testDatabaseUrl!);
    await addOperators(everyOperator, { dialect: 'postgres', url: scratch.url });
    suite.servers.push(...(await startServers(2, { DATABASE_URL: scratch.url })));
    database = await openDatabase({ dialect: 'postgres', url: scratch.url });
    posts = await Promise.all(suite.servers.map((server) => signInForm(server.url)));
  });

  afterAll(async () => {
    // The servers first (systemSuite's own afterAll runs after this one), then their database.
    await Promise.all(suite.servers.map((server) => server.kill('SIGKILL')));
    await database?.close();
    await scratch?.drop();
  });

  lockoutFloods(() => ({ posts, database, servers: suite.servers }));
});
