/**
 * Console operators of the e2e stack: created as on a server (`node cli/operator.mjs add`, the build's
 * bundled CLI: a third of the time `npm run operator` takes to compile the script, for each of the
 * suite's operators), signed in through the form.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { e2eDistDir, e2eEnv } from './env';
import { expect } from './fixtures';

export interface Operator {
  email: string;
  password: string;
}

export function addOperator(email: string, password: string): void {
  const result = spawnSync(process.execPath, [path.join(e2eDistDir, 'standalone', 'cli', 'operator.mjs'), 'add', email, '--password-stdin'], {
    env: e2eEnv(),
    input: `${password}\n`,
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`node cli/operator.mjs add failed: ${result.stderr || result.stdout}`);
  }
}

/** A new operator named after the test (tests run in parallel; each has its own). */
export function newOperator(name: string): Operator {
  const operator = { email: `${name}@school-e2e.ru`, password: `${name} e2e password` };
  addOperator(operator.email, operator.password);
  return operator;
}

/** Signs `operator` in through the console's form; resolves on the overview. */
export async function signIn(page: Page, operator: Operator): Promise<Operator> {
  await page.goto('/admin/sign-in');
  await page.getByLabel('Почта').fill(operator.email);
  await page.getByLabel('Пароль').fill(operator.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Обзор' })).toBeVisible();
  return operator;
}
