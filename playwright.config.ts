import { defineConfig } from '@playwright/test';
import { e2eBaseUrl, e2ePort } from './e2e/support/env';
import { tagManagerLaunchArgs } from './e2e/support/fake-tag-manager';

/** Debian's Chromium, the whole browser: what the benchmarks (bench/) measure a visitor's page in. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * The end-to-end tests run in Debian's build of Chromium's headless shell: the same engine (Blink, V8,
 * the network stack) without the browser around it, the build Playwright itself runs headless tests in.
 * Five spec files took 78 s of test time in it against 108 s in the whole browser (2026-11-27).
 */
const headlessShellPath = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // Three on two cores: some tests wait on real time (an event moved to the next whole minute, a delivery
  // retried after an outage), and a third worker fills those waits. 374 s with two, 315 s with three, all
  // 298 passing (2026-12-07, CI=true).
  workers: 3,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // Per-port folders: two runs side by side (E2E_PORT) never delete each other's results.
  outputDir: `test-results/playwright-${e2ePort}`,
  reporter: [['list'], ['json', { outputFile: `test-results/e2e-${e2ePort}.json` }]],
  use: {
    baseURL: e2eBaseUrl,
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    // A trace snapshots the page at every step of every test, also of those that pass: a fifth of the
    // suite's time on two cores. E2E_TRACE=1 records them (kept for failures); by default a failure
    // keeps its screenshot.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: headlessShellPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
        // The tag manager at the stack's fake, for every context a test opens.
        ...tagManagerLaunchArgs(),
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    command: 'npx tsx e2e/support/stack.ts',
    url: `${e2eBaseUrl}/`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
