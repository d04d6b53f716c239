/**
 * Console operators of the e2e stack and their sign-in. A test's operator is added to the
 * stack's database in the test's own process, by what `npm run operator -- add` runs
 * (server/admin/operators.ts: better-auth's user and its scrypt hash): a process for each of the suite's
 * operators cost 0.3-0.7 s, the worker blocked meanwhile. `newOperatorWithCli` adds one as on a server,
 * with the build's bundled CLI (`node cli/operator.mjs add`): the session test signs in with it.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { createAuth } from '../../server/admin/auth';
import { addOperator } from '../../server/admin/operators';
import { withE2eDatabase } from './database';
import { e2eBaseUrl, e2eDistDir, e2eEnv } from './env';
import { expect } from './fixtures';

export interface Operator {
  email: string;
  password: string;
}

/** A new operator named after the test (tests run in parallel; each has its own). */
export async function newOperator(name: string): Promise<Operator> {
  const operator = operatorNamed(name);
  const result = await withE2eDatabase(({ handle }) => addOperator(createAuth(handle, e2eEnv()), operator.email, operator.password));
  if ('problem' in result) throw new Error(`operator ${operator.email} not added: ${result.problem}`);
  return operator;
}

/** A new operator added by `node cli/operator.mjs add --password-stdin`, as on a server. */
export function newOperatorWithCli(name: string): Operator {
  const operator = operatorNamed(name);
  const result = spawnSync(process.execPath, [path.join(e2eDistDir, 'standalone', 'cli', 'operator.mjs'), 'add', operator.email, '--password-stdin'], {
    env: e2eEnv(),
    input: `${operator.password}\n`,
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`node cli/operator.mjs add failed: ${result.stderr || result.stdout}`);
  }
  return operator;
}

const operatorNamed = (name: string): Operator => ({ email: `${name}@school-e2e.ru`, password: `${name} e2e password` });

/**
 * Signs `operator` in; resolves on the overview. The session is made in the test's process by the
 * server's own better-auth on the stack's database, and the sign-in recorded as the console's action
 * records it (server/admin/sign-in.ts), its cookie given to the page's context: the sign-in page and
 * its form cost half a second of every console test (1.5 -> 1.0 s a sign-in, 2026-12-07). The form itself is `signInThroughForm` (its own tests).
 */
export async function signIn(page: Page, operator: Operator): Promise<Operator> {
  const setCookies = await withE2eDatabase(async ({ handle, repos }) => {
    const { headers } = await createAuth(handle, e2eEnv()).api.signInEmail({
      body: { email: operator.email, password: operator.password },
      returnHeaders: true,
    });
    await repos.operators.recordSignIn(operator.email, Date.now());
    return headers.getSetCookie();
  });
  // The session cookie is the first better-auth sets: its `name=value`, before the attributes.
  const pair = setCookies[0]?.split(';', 1)[0] ?? '';
  const equals = pair.indexOf('=');
  if (equals < 1) throw new Error(`no session cookie for ${operator.email}: ${setCookies.join(' | ')}`);
  await page.context().addCookies([{ name: pair.slice(0, equals), value: pair.slice(equals + 1), url: e2eBaseUrl, httpOnly: true, sameSite: 'Strict' }]);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Обзор' })).toBeVisible();
  return operator;
}

/** Signs `operator` in through the console's form; resolves on the overview. */
export async function signInThroughForm(page: Page, operator: Operator): Promise<Operator> {
  await page.goto('/admin/sign-in');
  await page.getByLabel('Почта').fill(operator.email);
  await page.getByLabel('Пароль').fill(operator.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Обзор' })).toBeVisible();
  return operator;
}
