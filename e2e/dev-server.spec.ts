import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { expect, test } from './support/fixtures';

/**
 * `npm run dev` as the marketing team opens it: the preview at http://127.0.0.1 and at
 * http://localhost alike becomes interactive (the consultation button opens its dialog, which needs the
 * page's scripts), and the development security policy blocks nothing the framework needs. Its own dev
 * server on a port of this test's own (E2E_PORT + 100), building into its own folder.
 */

const port = Number(process.env.E2E_PORT ?? 3200) + 100;
let server: ChildProcess | undefined;
let output = '';
// `next dev` adds its folder's type paths to tsconfig.json: put the file back as it was afterwards, so the
// test leaves `git status` clean.
const tsconfig = fs.readFileSync('tsconfig.json', 'utf8');

test.describe.configure({ mode: 'serial' });
test.setTimeout(300_000);

test.beforeAll(async () => {
  test.setTimeout(300_000);
  server = spawn('npx', ['next', 'dev', '-p', String(port)], {
    env: { ...process.env, NODE_ENV: 'development', NEXT_DIST_DIR: `.next-dev-${port}`, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // The first answer compiles the page: wait for it (a condition, polled), whatever it takes.
  await expect
    .poll(
      async () => {
        if (server?.exitCode !== null) throw new Error(`next dev ended: ${output}`);
        return fetch(`http://127.0.0.1:${port}/about`).then(
          (response) => response.status,
          () => 0,
        );
      },
      { timeout: 240_000, intervals: [1_000] },
    )
    .toBe(200);
});

test.afterAll(() => {
  fs.writeFileSync('tsconfig.json', tsconfig);
  if (server?.pid) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
});

for (const host of ['127.0.0.1', 'localhost']) {
  test(`npm run dev at http://${host}: the page becomes interactive, no security-policy error`, async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`http://${host}:${port}/about`);
    const button = page.getByRole('button', { name: 'Получить консультацию' });
    // Interactive: the click opens the dialog (hydrated), retried until the scripts have arrived.
    await expect(async () => {
      await button.click();
      await expect(page.getByRole('dialog', { name: 'Поможем разобраться' })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 120_000 });
    expect(violations, output.slice(-2000)).toEqual([]);
  });
}
