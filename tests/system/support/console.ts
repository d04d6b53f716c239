/** The operator console as system tests drive it: operators added as the CLI adds them, Debian's Chromium, the sign-in form. */
import { chromium, type Browser, type Page } from '@playwright/test';
import { createAuth } from '@/server/admin/auth';
import { addOperator } from '@/server/admin/operators';
import type { DatabaseConfig } from '@/server/config';
import { openDatabase } from '@/server/db/connection';
import { migrateToLatest } from '@/server/db/migrate';

export interface Operator {
  email: string;
  password: string;
}

/**
 * Adds `operators` to the database `config` names (migrated first if new), with the code
 * `npm run operator -- add` runs (server/admin/operators.ts), in this process: the command itself is tested
 * in server/admin/operator-command.test.ts and, bundled, in standalone-cli.test.ts; spawning it here cost
 * seconds a time.
 */
export async function addOperators(operators: Operator[], config: DatabaseConfig): Promise<void> {
  const database = await openDatabase(config);
  try {
    await migrateToLatest(database);
    const auth = createAuth(database);
    for (const operator of operators) {
      const result = await addOperator(auth, operator.email, operator.password);
      if ('problem' in result) throw new Error(`operator ${operator.email} not added: ${result.problem}`);
    }
  } finally {
    await database.close();
  }
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

export type SignInAnswer = 'signed-in' | 'wrong' | 'refused';

/**
 * The sign-in form as a browser without JavaScript posts it: the page's form fields (its Server Action
 * reference among them) with the e-mail and password, straight to the server, so a test can send
 * hundreds at once. `headers` as a proxy in front would add them (`X-Forwarded-For`).
 */
export async function signInForm(baseURL: string): Promise<(credentials: Operator, headers?: Record<string, string>) => Promise<SignInAnswer>> {
  const page = await fetch(`${baseURL}/admin/sign-in`);
  if (!page.ok) throw new Error(`GET /admin/sign-in answered ${page.status}`);
  const hidden = [...(await page.text()).matchAll(/<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?\/>/g)].map(
    ([, name, value]) => [decodeHtml(name!), decodeHtml(value ?? '')] as const,
  );
  if (!hidden.some(([name]) => name.startsWith('$ACTION'))) throw new Error('the sign-in page has no Server Action form');
  return async (credentials, headers = {}) => {
    const form = new FormData();
    for (const [name, value] of hidden) form.append(name, value);
    form.append('email', credentials.email);
    form.append('password', credentials.password);
    const response = await fetch(`${baseURL}/admin/sign-in`, { method: 'POST', body: form, redirect: 'manual', headers: { origin: baseURL, ...headers } });
    const text = await response.text();
    if (response.status === 303 && response.headers.get('location')?.endsWith('/admin')) return 'signed-in';
    if (text.includes('Неверная почта или пароль')) return 'wrong';
    if (text.includes('Слишком много неудачных попыток. Попробуйте через 15 минут')) return 'refused';
    throw new Error(`sign-in answered ${response.status} with neither a session nor a known message`);
  };
}

function decodeHtml(text: string): string {
  return text.replace(/&(quot|amp|lt|gt|#x27|#39);/g, (_, entity: string) => ({ quot: '"', amp: '&', lt: '<', gt: '>', '#x27': "'", '#39': "'" })[entity]!);
}
