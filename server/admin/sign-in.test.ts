import { beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/connection';
import { createRepositories } from '../repositories';
import { describeEachDatabase } from '../testing/databases';
import { testAdminRuntime } from '../testing/admin';
import { addOperator } from './operators';
import { attemptDelayMs, auditedEmail, SIGN_IN_POLICY, signInOperator, type SignInOutcome } from './sign-in';

describe('attemptDelayMs', () => {
  it('lets the first failures through at once, then doubles the wait up to a ceiling', () => {
    expect(attemptDelayMs({ emailInNetwork: 2, address: 2 })).toBe(0);
    expect(attemptDelayMs({ emailInNetwork: 3, address: 3 })).toBe(500);
    expect(attemptDelayMs({ emailInNetwork: 4, address: 4 })).toBe(1000);
    expect(attemptDelayMs({ emailInNetwork: 9, address: 9 })).toBe(8000);
  });

  it('slows a client that tries many e-mails down by a third of its failures', () => {
    expect(attemptDelayMs({ emailInNetwork: 0, address: 8 })).toBe(0);
    expect(attemptDelayMs({ emailInNetwork: 0, address: 9 })).toBe(500);
    expect(attemptDelayMs({ emailInNetwork: 0, address: 29 })).toBe(8000);
  });
});

describe('auditedEmail', () => {
  it('keeps an e-mail of up to 64 characters and cuts a longer one to 64 with an ellipsis, never inside a character', () => {
    expect(auditedEmail('anna@school.ru')).toBe('anna@school.ru');
    const long = `${'a'.repeat(235)}@school.ru`;
    expect(auditedEmail(long)).toBe(`${'a'.repeat(63)}…`);
    expect(Array.from(auditedEmail(`${'😀'.repeat(70)}@x.ru`))).toHaveLength(64);
    expect(auditedEmail(`${'😀'.repeat(70)}@x.ru`)).toBe(`${'😀'.repeat(63)}…`);
  });
});

describeEachDatabase('operators and sign-in', (database) => {
  const password = 'correct horse battery';
  const headers = new Headers({ 'user-agent': 'vitest', 'x-forwarded-for': '198.51.100.66', 'x-site-client-address': '203.0.113.5' });
  let now = Date.UTC(2026, 10, 23, 10, 0);
  const sleeps: number[] = [];
  const deps = { sleep: async (ms: number) => void sleeps.push(ms), now: () => now };

  beforeEach(async () => {
    await database().clear();
    sleeps.length = 0;
  });

  it('adds, lists and removes operators; no one else exists', async () => {
    const runtime = testAdminRuntime(database());
    expect(await addOperator(runtime.auth, 'Anna@School.ru', password)).toEqual({ added: true });
    expect(await addOperator(runtime.auth, 'anna@school.ru', password)).toEqual({ problem: 'anna@school.ru is already an operator' });
    expect(await addOperator(runtime.auth, 'short@school.ru', 'short')).toHaveProperty('problem');
    expect((await database().repos.operators.list()).map((operator) => operator.email)).toEqual(['anna@school.ru']);
    expect(await database().repos.operators.remove('anna@school.ru')).toBe(true);
    expect(await database().repos.operators.remove('anna@school.ru')).toBe(false);
    expect(await database().repos.operators.list()).toEqual([]);
  });

  it('signs an operator in with the right password, hashed as the site hashes it, into a session kept in the database', async () => {
    const runtime = testAdminRuntime(database(), 'site');
    await addOperator(runtime.auth, 'anna@school.ru', password);
    const attempt = { email: 'anna@school.ru', password, address: '203.0.113.5', headers };
    expect(await signInOperator(runtime, attempt, deps)).toBe('signed-in');
    const sessions = await database().handle.db.selectFrom('admin_sessions').select(['token', 'ipAddress']).execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.ipAddress).toBe('203.0.113.5');
    // The session row is what a cookie is checked against.
    const signedCookie = await signedSessionCookie(runtime, sessions[0]!.token);
    const session = await runtime.auth.api.getSession({ headers: new Headers({ cookie: signedCookie }) });
    expect(session?.user.email).toBe('anna@school.ru');
    expect((await database().repos.audit.list()).map((entry) => entry.action)).toEqual(['sign_in']);
  });

  /** The audit rows as the journal lists them, newest first. */
  async function auditRows() {
    return (await database().repos.audit.list({ limit: 1000 })).map(({ action, actor, count }) => ({ action, actor, count }));
  }

  it('slows repeated wrong passwords down, then refuses even the right one until the window ends; one audit row a kind', async () => {
    const runtime = testAdminRuntime(database());
    await addOperator(runtime.auth, 'anna@school.ru', password);
    const wrong = { email: 'anna@school.ru', password: 'not the password', address: '203.0.113.5', headers };
    for (let i = 0; i < SIGN_IN_POLICY.refuseAfter; i += 1) expect(await signInOperator(runtime, wrong, deps)).toBe('wrong');
    expect(sleeps).toEqual([500, 1000, 2000, 4000, 8000, 8000, 8000]);
    expect(await signInOperator(runtime, { ...wrong, password }, deps)).toBe('refused');
    expect(await signInOperator(runtime, { ...wrong, password }, deps)).toBe('refused');
    expect(await database().handle.db.selectFrom('admin_sessions').select('id').execute()).toEqual([]);
    expect(await auditRows()).toEqual([
      { action: 'sign_in_refused', actor: 'anna@school.ru', count: 2 },
      { action: 'sign_in_failed', actor: 'anna@school.ru', count: SIGN_IN_POLICY.refuseAfter },
    ]);

    now += SIGN_IN_POLICY.windowMs;
    expect(await signInOperator(runtime, { ...wrong, password }, deps)).toBe('signed-in');
    expect((await auditRows())[0]).toEqual({ action: 'sign_in', actor: 'anna@school.ru', count: 1 });
  });

  it('a right password gives its count back: after 9 failures and a sign-in, a tenth wrong password is still checked', async () => {
    const runtime = testAdminRuntime(database());
    await addOperator(runtime.auth, 'anna@school.ru', password);
    const wrong = { email: 'anna@school.ru', password: 'not the password', address: '203.0.113.5', headers };
    for (let i = 0; i < SIGN_IN_POLICY.refuseAfter - 1; i += 1) expect(await signInOperator(runtime, wrong, deps)).toBe('wrong');
    expect(await signInOperator(runtime, { ...wrong, password }, deps)).toBe('signed-in');
    expect(await signInOperator(runtime, wrong, deps)).toBe('wrong');
    expect(await signInOperator(runtime, { ...wrong, password }, deps)).toBe('refused');
  });

  it('of 50 wrong passwords for one e-mail at once from 50 clients through two instances, exactly 10 are checked, each waiting by its place; then the right one is refused', async () => {
    const runtime = testAdminRuntime(database());
    await addOperator(runtime.auth, 'anna@school.ru', password);
    const other = await openDatabase(database().config);
    try {
      // A second instance: its own connection and better-auth over the same database.
      const otherRuntime = testAdminRuntime({ ...database(), handle: other, repos: createRepositories(other) });
      const wrong = { email: 'anna@school.ru', password: 'not the password', address: '203.0.113.5', headers };
      // Each from a client of its own in one network (a /24): the e-mail's count from there decides (and the wait).
      const outcomes = await Promise.all(
        Array.from({ length: 50 }, (_, i) => signInOperator(i % 2 ? otherRuntime : runtime, { ...wrong, address: `198.51.100.${i}` }, deps)),
      );
      expect(tally(outcomes)).toEqual({ wrong: SIGN_IN_POLICY.refuseAfter, refused: 40 });
      expect([...sleeps].sort((a, b) => a - b)).toEqual([500, 1000, 2000, 4000, 8000, 8000, 8000]);
      expect(await signInOperator(otherRuntime, { ...wrong, password, address: '198.51.100.50' }, deps)).toBe('refused');
    } finally {
      await other.close();
    }
    expect(await database().handle.db.selectFrom('admin_sessions').select('id').execute()).toEqual([]);
    // One row a kind, e-mail and client: the ten checked and the 41 refused (the right one too) add up.
    const rows = await auditRows();
    expect(rows.filter((row) => row.action === 'sign_in_failed').reduce((sum, row) => sum + row.count, 0)).toBe(SIGN_IN_POLICY.refuseAfter);
    expect(rows.filter((row) => row.action === 'sign_in_refused').reduce((sum, row) => sum + row.count, 0)).toBe(41);
    expect(rows.every((row) => row.actor === 'anna@school.ru')).toBe(true);
  });

  it('of 40 e-mails tried at once from one client, exactly 30 are checked; the refusals are one audit row; another client goes on', async () => {
    const runtime = testAdminRuntime(database());
    await addOperator(runtime.auth, 'anna@school.ru', password);
    const attempt = (index: number) => ({ email: `guess-${index}@school.ru`, password: 'not the password', address: '203.0.113.5', headers });
    const outcomes = await Promise.all(Array.from({ length: 40 }, (_, i) => signInOperator(runtime, attempt(i), deps)));
    expect(tally(outcomes)).toEqual({ wrong: SIGN_IN_POLICY.refuseAddressAfter, refused: 10 });
    expect(await signInOperator(runtime, { ...attempt(0), email: 'anna@school.ru', password }, deps)).toBe('refused');

    const rows = await auditRows();
    expect(rows.filter((row) => row.action === 'sign_in_failed')).toHaveLength(SIGN_IN_POLICY.refuseAddressAfter);
    expect(rows.filter((row) => row.action === 'sign_in_failed').every((row) => row.count === 1)).toBe(true);
    expect(rows.filter((row) => row.action !== 'sign_in_failed')).toEqual([{ action: 'sign_in_refused_address', actor: null, count: 11 }]);
    // The refusals were not failures of anna's e-mail: from elsewhere she signs in.
    expect(await signInOperator(runtime, { ...attempt(0), email: 'anna@school.ru', password, address: '198.51.100.7' }, deps)).toBe('signed-in');
  });

  it('a stranger who knows an operator’s e-mail locks it out of the stranger’s own network (a /24) only: the operator signs in from hers', async () => {
    const runtime = testAdminRuntime(database());
    await addOperator(runtime.auth, 'anna@school.ru', password);
    // Twenty wrong passwords from addresses all over one /24, two rounds of a window apart.
    const stranger = (index: number) => ({ email: 'anna@school.ru', password: 'not the password', address: `198.51.100.${index + 1}`, headers });
    for (let round = 1; round <= 2; round += 1) {
      const outcomes: SignInOutcome[] = [];
      for (let i = 0; i < 20; i += 1) outcomes.push(await signInOperator(runtime, stranger(i), deps));
      expect(tally(outcomes)).toEqual({ wrong: SIGN_IN_POLICY.refuseAfter, refused: 20 - SIGN_IN_POLICY.refuseAfter });
      // Any address of that network, even one not used yet, is refused for this e-mail…
      expect(await signInOperator(runtime, { ...stranger(200), password }, deps)).toBe('refused');
      // …and the operator, from her own network, is checked and signs in at once.
      sleeps.length = 0;
      expect(await signInOperator(runtime, { ...stranger(0), password, address: '203.0.113.5' }, deps)).toBe('signed-in');
      expect(sleeps).toEqual([]);
      now += SIGN_IN_POLICY.windowMs;
    }
    expect((await database().repos.operators.list())[0]!.lastSignInAt).not.toBeNull();
  });

  it('an IPv6 network is its /48: other /64s of it share the lockout, another /48 does not', async () => {
    const runtime = testAdminRuntime(database());
    await addOperator(runtime.auth, 'anna@school.ru', password);
    const attempt = (address: string) => ({ email: 'anna@school.ru', password: 'not the password', address, headers });
    for (let i = 0; i < SIGN_IN_POLICY.refuseAfter; i += 1) expect(await signInOperator(runtime, attempt(`2001:db8:1:${i + 1}::1`), deps)).toBe('wrong');
    expect(await signInOperator(runtime, { ...attempt('2001:db8:1:ffff::7'), password }, deps)).toBe('refused');
    expect(await signInOperator(runtime, { ...attempt('2001:db8:2::7'), password }, deps)).toBe('signed-in');
  });

  it(`guessing one e-mail from many networks at once is bounded all the same: of 150 from 15 networks, exactly ${SIGN_IN_POLICY.refuseEmailAfter} are checked, the refusals one audit row`, async () => {
    const runtime = testAdminRuntime(database());
    await addOperator(runtime.auth, 'anna@school.ru', password);
    const attempt = (network: number, index: number) => ({
      email: 'anna@school.ru',
      password: 'not the password',
      address: `198.51.${network}.${index + 1}`,
      headers,
    });
    const outcomes = await Promise.all(
      Array.from({ length: 150 }, (_, i) => signInOperator(runtime, attempt(Math.floor(i / SIGN_IN_POLICY.refuseAfter), i % SIGN_IN_POLICY.refuseAfter), deps)),
    );
    expect(tally(outcomes)).toEqual({ wrong: SIGN_IN_POLICY.refuseEmailAfter, refused: 150 - SIGN_IN_POLICY.refuseEmailAfter });
    // The ceiling holds from a network that has not tried yet, the right password too, until the window ends.
    expect(await signInOperator(runtime, { ...attempt(200, 0), password }, deps)).toBe('refused');
    const rows = await auditRows();
    expect(rows.filter((row) => row.action === 'sign_in_failed').reduce((sum, row) => sum + row.count, 0)).toBe(SIGN_IN_POLICY.refuseEmailAfter);
    expect(rows.filter((row) => row.action !== 'sign_in_failed')).toEqual([
      { action: 'sign_in_refused_everywhere', actor: 'anna@school.ru', count: 150 - SIGN_IN_POLICY.refuseEmailAfter + 1 },
    ]);
    now += SIGN_IN_POLICY.windowMs;
    expect(await signInOperator(runtime, { ...attempt(200, 0), password }, deps)).toBe('signed-in');
  });

  it('counts an IPv6 client by its /64, as the lead limits do', async () => {
    const runtime = testAdminRuntime(database());
    const policy = { ...SIGN_IN_POLICY, refuseAddressAfter: 3 };
    const attempt = (index: number) => ({ email: `guess-${index}@school.ru`, password: 'not the password', address: `2001:db8:1:2::${index + 1}`, headers });
    for (let i = 0; i < 3; i += 1) expect(await signInOperator(runtime, attempt(i), { ...deps, policy })).toBe('wrong');
    expect(await signInOperator(runtime, attempt(3), { ...deps, policy })).toBe('refused');
    expect(await signInOperator(runtime, { ...attempt(0), address: '2001:db8:1:3::1' }, { ...deps, policy })).toBe('wrong');
  });

  it('keeps a long tried e-mail in the audit log cut to 64 characters', async () => {
    const runtime = testAdminRuntime(database());
    const email = `${'x'.repeat(237)}@school.ru`;
    for (let i = 0; i < 3; i += 1) await signInOperator(runtime, { email, password, address: '203.0.113.5', headers }, deps);
    expect(await auditRows()).toEqual([{ action: 'sign_in_failed', actor: `${'x'.repeat(63)}…`, count: 3 }]);
  });

  it('refuses an unknown e-mail like a wrong password', async () => {
    const runtime = testAdminRuntime(database());
    const attempt = { email: 'nobody@school.ru', password, address: null, headers };
    expect(await signInOperator(runtime, attempt, deps)).toBe('wrong');
  });
});

function tally(outcomes: SignInOutcome[]): Partial<Record<SignInOutcome, number>> {
  const counts: Partial<Record<SignInOutcome, number>> = {};
  for (const outcome of outcomes) counts[outcome] = (counts[outcome] ?? 0) + 1;
  return counts;
}

/** The cookie a browser would send: better-auth signs the session token with its secret. */
async function signedSessionCookie(runtime: ReturnType<typeof testAdminRuntime>, token: string): Promise<string> {
  const context = await runtime.auth.$context;
  const { makeSignature } = await import('better-auth/crypto');
  const signature = await makeSignature(token, context.secret);
  return `${context.authCookies.sessionToken.name}=${encodeURIComponent(`${token}.${signature}`)}`;
}
