/**
 * A build for a public address fails closed: without the school's tag manager container, the gift
 * page's secret and the console's Server Actions key it stops at once and names each (the checks
 * themselves: server/production-settings.ts), and with a pop-up form whose GetCourse setting is a
 * placeholder it names the form.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

it('refuses to build a public site whose pop-up forms hold placeholders, naming each form', () => {
  // A copy of what next.config.ts loads, with two pop-up settings turned back into placeholders.
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'school-site-placeholders-'));
  try {
    for (const entry of ['next.config.ts', 'package.json', 'tsconfig.json', 'lib', 'server', 'content']) {
      fs.cpSync(entry, path.join(copy, entry), { recursive: true });
    }
    fs.symlinkSync(path.resolve('node_modules'), path.join(copy, 'node_modules'));
    const file = path.join(copy, 'content', 'popup-lead-forms.ts');
    const real = fs.readFileSync(file, 'utf8');
    const placeholders = real
      .replace("'popup-middle-discount': discountDeal('Middle')", "'popup-middle-discount': { productTitle: 'TODO: продукт' }")
      .replace(/'popup-junior-gift': \{[^}]*\}/, "'popup-junior-gift': { productTitle: 'Подарок', offerCode: '<код предложения>' }");
    expect(placeholders.match(/TODO: продукт|<код предложения>/g)).toHaveLength(2);
    fs.writeFileSync(file, placeholders);
    const secrets = {
      NEXT_PUBLIC_GTM_ID: 'GTM-K7P2Q9M',
      GIFT_POPUP_TOKEN: 'a1b2c3d4e5f6',
      BETTER_AUTH_SECRET: 'f'.repeat(64),
      GETCOURSE_CALLBACK_SECRET: 'c'.repeat(40),
    };
    const build = spawnSync(process.execPath, [path.resolve('node_modules/next/dist/bin/next'), 'build'], {
      cwd: copy,
      env: { ...process.env, ...secrets, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', NEXT_DIST_DIR: '.next', SITE_URL: 'https://example.school' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    const output = `${build.stdout}${build.stderr}`;
    expect(build.status).not.toBe(0);
    expect(output).toContain('This build is for https://example.school and is missing settings a public site needs');
    expect(output).toContain('pop-up form "popup-middle-discount" has the placeholder productTitle "TODO: продукт"');
    expect(output).toContain('pop-up form "popup-junior-gift" has the placeholder offerCode "<код предложения>"');
    expect(output).not.toMatch(/NEXT_PUBLIC_GTM_ID:|GIFT_POPUP_TOKEN:|BETTER_AUTH_SECRET:|GETCOURSE_CALLBACK_SECRET:/);
    expect(fs.existsSync(path.join(copy, '.next', 'BUILD_ID'))).toBe(false);
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
});
