/**
 * A build for a public address fails closed: without the school's tag manager container, the gift
 * page's secret and the console's Server Actions key it stops at once and names each (the checks
 * themselves: server/production-settings.ts).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, expect, it } from 'vitest';

const distDir = '.next-fail-closed';
afterAll(() => fs.rmSync(distDir, { recursive: true, force: true }));

it('refuses to build https://example.school without NEXT_PUBLIC_GTM_ID, GIFT_POPUP_TOKEN and NEXT_SERVER_ACTIONS_ENCRYPTION_KEY, naming them', () => {
  const inherited = { ...process.env };
  delete inherited.NEXT_PUBLIC_GTM_ID;
  delete inherited.GIFT_POPUP_TOKEN;
  delete inherited.NEXT_SERVER_ACTIONS_ENCRYPTION_KEY;
  const build = spawnSync(process.execPath, ['node_modules/next/dist/bin/next', 'build'], {
    env: { ...inherited, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', NEXT_DIST_DIR: distDir, SITE_URL: 'https://example.school' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  const output = `${build.stdout}${build.stderr}`;
  expect(build.status).not.toBe(0);
  expect(output).toContain('This build is for https://example.school and is missing settings a public site needs');
  expect(output).toMatch(/NEXT_PUBLIC_GTM_ID: set the school's Google Tag Manager container id/);
  expect(output).toMatch(/GIFT_POPUP_TOKEN: set a secret path segment/);
  expect(output).toMatch(/NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: set the console's Server Actions key/);
  // It stopped before compiling anything.
  expect(fs.existsSync(`${distDir}/BUILD_ID`)).toBe(false);
});
