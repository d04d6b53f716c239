/** The operator console as system tests drive it: an operator made by the CLI, Debian's Chromium, the sign-in form. */
import { spawnSync } from 'node:child_process';
import { chromium, type Browser, type Page } from '@playwright/test';

export interface Operator {
  email: string;
  password: string;
}

/** `npm run operator -- add` against the database `databaseEnv` names (DATABASE_URL or SQLITE_PATH). */
export function addOperator(operator: Operator, databaseEnv: Record<string, string>): void {
  const added = spawnSync('node_modules/.bin/tsx', ['scripts/operator.ts', 'add', operator.email, '--password-stdin'], {
    env: { ...process.env, ...databaseEnv },
    input: `${operator.password}\n`,
    encoding: 'utf8',
  });
  if (added.status !== 0) throw new Error(`operator add failed: ${added.stderr || added.stdout}`);
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
}

/** A new browser context on `baseURL`, signed in as `operator`; resolves on the console's overview. */
export async function signedIn(browser: Browser, baseURL: string, operator: Operator): Promise<Page> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await page.goto('/admin/sign-in');
  await page.getByLabel('Почта').fill(operator.email);
  await page.getByLabel('Пароль').fill(operator.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.getByRole('heading', { level: 1, name: 'Обзор' }).waitFor();
  return page;
}
