/**
 * A build for a public address fails closed: without the school's tag manager container and the gift
 * page's secret it stops at once and names both (the checks themselves: server/production-settings.ts).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, expect, it } from 'vitest';

const distDir = '.next-fail-closed';
afterAll(() => fs.rmSync(distDir, { recursive: true, force: true }));

it('refuses to build https://example.school without NEXT_PUBLIC_GTM_ID and GIFT_POPUP_TOKEN, naming them', () => {
  const inherited = { ...process.env };
  delete inherited.NEXT_PUBLIC_GTM_ID;
  delete inherited.GIFT_POPUP_TOKEN;
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
  // It stopped before compiling anything.
  expect(fs.existsSync(`${distDir}/BUILD_ID`)).toBe(false);
});
