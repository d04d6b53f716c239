/**
 * Page tests on PostgreSQL with two instances: an operator starts a test of a course page in the console
 * of one instance and later edits its variant B; a visitor gets the same variant from either instance, with
 * the edit's text on the other instance within the promised 5 minutes: within the interval the instances
 * read the running tests at (PAGE_TESTS_REFRESH_MS: 30 s as deployed, never over 5 minutes, which
 * server/config.test.ts holds; 2 s here, so the test waits seconds, not minutes). Real servers, real
 * browser for the console, plain HTTP for the visitor (with the headers nginx adds).
 */
import type { Browser, Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOperators, launchChromium, signedIn } from './support/console';
import { assertBuilt, serverEnv, startNextServer, waitFor, type NextServer } from '@/tests/support/next-server';
import { createScratchDatabase, type ScratchDatabase } from './support/scratch-database';

const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim();
if (!testDatabaseUrl) {
  console.warn('\n[system tests] TEST_DATABASE_URL is not set: the two-instance page-test test on PostgreSQL is SKIPPED.\n');
}
/** Ports of this suite (PAGE_TEST_PORTS="a,b" to move them). */
const ports = (process.env.PAGE_TEST_PORTS ?? '4510,4511').split(',').map(Number);
const path = '/products/junior-js';
const original = 'Junior фронтенд-разработчик';
const browserAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const operator = { email: 'page-tests-pg@school-system.ru', password: 'page tests system password' };
const refreshMs = 2000;

/**
 * A visit as nginx passes it on (deploy/nginx-site.conf): `X-Forwarded-Proto: https` to an instance listening
 * on 127.0.0.1, as deploy/site@.service runs it. The proxy's rewrite to the page handler must stay inside the
 * instance: sent out as a request of its own, it went `https://` to the plain HTTP port and answered 500.
 */
async function headlineAt(server: NextServer, cookie?: string): Promise<{ headline: string; cookie: string | null }> {
  const response = await fetch(`${server.url}${path}`, {
    headers: { 'user-agent': browserAgent, 'x-forwarded-proto': 'https', ...(cookie ? { cookie } : {}) },
  });
  expect(response.status).toBe(200);
  const html = await response.text();
  return {
    headline: (/<h1 id="course-title"[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] ?? '').replace(/\u00a0/g, ' '),
    cookie: /school_vid=[^;]+/.exec(response.headers.get('set-cookie') ?? '')?.[0] ?? null,
  };
}

describe.skipIf(!testDatabaseUrl)('a page test steered on one instance, served by both (PostgreSQL)', () => {
  let scratch: ScratchDatabase | undefined;
  let browser: Browser;
  let console_: Page;
  const servers: NextServer[] = [];

  beforeAll(async () => {
    assertBuilt();
    scratch = await createScratchDatabase(testDatabaseUrl!);
    const databaseUrl = scratch.url;
    servers.push(
      ...(await Promise.all(
        ports.map((port) =>
          startNextServer(
            port,
            serverEnv({
              DATABASE_URL: databaseUrl,
              SITE_URL: `http://127.0.0.1:${port}`,
              ADDRESS_HASH_KEY: 'page-test-instances-key-0123456789',
              PAGE_TESTS_REFRESH_MS: String(refreshMs),
            }),
          ),
        ),
      )),
    );
    await addOperators([operator], { dialect: 'postgres', url: databaseUrl });
    browser = await launchChromium();
    console_ = await signedIn(browser, servers[0]!.url, operator);
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all(servers.map((server) => server.kill('SIGKILL')));
    await scratch?.drop();
  });

  it('serves a visitor the same variant from either instance, and an edit made on one reaches the other', async () => {
    const [one, two] = servers as [NextServer, NextServer];
    const first = 'Вариант B до правки';
    const edited = 'Вариант B после правки';
    await console_.goto('/admin/page-tests/new');
    await console_.getByLabel('Страница').selectOption(path);
    await console_.getByRole('group', { name: 'Вариант B' }).getByLabel('Заголовок', { exact: true }).fill(first);
    await console_.getByRole('button', { name: 'Создать тест' }).click();
    await console_.getByRole('status').filter({ hasText: 'Тест создан' }).waitFor();
    await console_.getByRole('button', { name: 'Начать тест' }).click();
    await console_.getByRole('status').filter({ hasText: 'Тест начат' }).waitFor();

    // A visitor of variant B (fresh visitors of the first instance until one lands in B).
    let visitor: string | null = null;
    await waitFor(
      'a visitor of variant B on the first instance',
      async () => {
        const visit = await headlineAt(one);
        if (visit.headline === first) visitor = visit.cookie;
        return visitor !== null;
      },
      30_000,
    );
    // The other instance serves them B too, once it has read the running test (within `refreshMs`).
    await waitFor('the second instance to serve B', async () => (await headlineAt(two, visitor!)).headline === first, 60_000);
    expect((await headlineAt(one, visitor!)).headline).toBe(first);

    // The operator edits B on the first instance: the second serves the new text to the same visitor.
    await console_.getByRole('group', { name: 'Вариант B' }).getByLabel('Заголовок', { exact: true }).fill(edited);
    await console_.getByRole('button', { name: 'Сохранить варианты' }).click();
    await console_.getByRole('status').filter({ hasText: 'Варианты сохранены' }).waitFor();
    const editedAt = Date.now();
    expect((await headlineAt(one, visitor!)).headline).toBe(edited);
    await waitFor('the second instance to serve the edit', async () => (await headlineAt(two, visitor!)).headline === edited, 5 * 60_000);
    expect(Date.now() - editedAt).toBeLessThan(60_000);

    // Stopped: both serve the original.
    await console_.getByRole('button', { name: 'Остановить тест' }).click();
    await console_.getByRole('status').filter({ hasText: 'Тест остановлен' }).waitFor();
    await waitFor(
      'both instances to serve the original',
      async () => (await headlineAt(one, visitor!)).headline === original && (await headlineAt(two, visitor!)).headline === original,
      60_000,
    );
  }, 240_000);
});
