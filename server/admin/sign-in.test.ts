import { beforeEach, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/databases';
import { testAdminRuntime } from '../testing/admin';
import { addOperator } from './operators';
import { SIGN_IN_POLICY, signInOperator, throttleVerdict } from './sign-in';

describe('throttleVerdict', () => {
  it('lets the first failures through at once, then doubles the wait up to a ceiling, then refuses', () => {
    expect(throttleVerdict({ email: 2, address: 2 })).toEqual({ refuse: false, delayMs: 0 });
    expect(throttleVerdict({ email: 3, address: 3 })).toEqual({ refuse: false, delayMs: 500 });
    expect(throttleVerdict({ email: 4, address: 4 })).toEqual({ refuse: false, delayMs: 1000 });
    expect(throttleVerdict({ email: 9, address: 9 })).toEqual({ refuse: false, delayMs: 8000 });
    expect(throttleVerdict({ email: 10, address: 10 })).toEqual({ refuse: true, delayMs: 0 });
  });

  it('refuses an address that tries many e-mails', () => {
    expect(throttleVerdict({ email: 0, address: 29 }).refuse).toBe(false);
    expect(throttleVerdict({ email: 0, address: 30 }).refuse).toBe(true);
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

  it('signs an operator in with the right password into a session kept in the database', async () => {
    const runtime = testAdminRuntime(database());
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

  it('slows repeated wrong passwords down, then refuses even the right one until the window ends', async () => {
    const runtime = testAdminRuntime(database());
    await addOperator(runtime.auth, 'anna@school.ru', password);
    const wrong = { email: 'anna@school.ru', password: 'not the password', address: '203.0.113.5', headers };
    for (let i = 0; i < SIGN_IN_POLICY.refuseAfter; i += 1) expect(await signInOperator(runtime, wrong, deps)).toBe('wrong');
    expect(sleeps).toEqual([500, 1000, 2000, 4000, 8000, 8000, 8000]);
    expect(await signInOperator(runtime, { ...wrong, password }, deps)).toBe('refused');
    expect(await database().handle.db.selectFrom('admin_sessions').select('id').execute()).toEqual([]);
    const actions = (await database().repos.audit.list()).map((entry) => entry.action);
    expect(actions.filter((action) => action === 'sign_in_failed')).toHaveLength(SIGN_IN_POLICY.refuseAfter);
    expect(actions[0]).toBe('sign_in_refused');

    now += SIGN_IN_POLICY.windowMs;
    expect(await signInOperator(runtime, { ...wrong, password }, deps)).toBe('signed-in');
  });

  it('refuses an unknown e-mail like a wrong password', async () => {
    const runtime = testAdminRuntime(database());
    const attempt = { email: 'nobody@school.ru', password, address: null, headers };
    expect(await signInOperator(runtime, attempt, deps)).toBe('wrong');
  });
});

/** The cookie a browser would send: better-auth signs the session token with its secret. */
async function signedSessionCookie(runtime: ReturnType<typeof testAdminRuntime>, token: string): Promise<string> {
  const context = await runtime.auth.$context;
  const { makeSignature } = await import('better-auth/crypto');
  const signature = await makeSignature(token, context.secret);
  return `${context.authCookies.sessionToken.name}=${encodeURIComponent(`${token}.${signature}`)}`;
}
