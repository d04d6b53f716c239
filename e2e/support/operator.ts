/** Console operators of the e2e stack: created as a person would (`npm run operator -- add`), signed in through the form. */
import { spawnSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { e2eEnv } from './env';
import { expect } from './fixtures';

export interface Operator {
  email: string;
  password: string;
}

export function addOperator(email: string, password: string): void {
  const result = spawnSync('node_modules/.bin/tsx', ['scripts/operator.ts', 'add', email, '--password-stdin'], {
    env: e2eEnv(),
    input: `${password}\n`,
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`npm run operator -- add failed: ${result.stderr || result.stdout}`);
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
