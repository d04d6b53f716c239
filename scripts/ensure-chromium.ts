/**
 * The end-to-end suite drives Debian's Chromium (no browser download works here). Installs it with
 * apt-get when it is missing and we may, otherwise stops with a message that says what to do.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

export function ensureChromium(chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'): void {
  if (fs.existsSync(chromiumPath)) return;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    throw new Error(
      `Chromium is missing at ${chromiumPath}. Install Debian's package (sudo apt-get install -y chromium) ` +
        'or point CHROMIUM_PATH at a Chromium binary, then run the tests again.',
    );
  }
  console.log(`Chromium is missing at ${chromiumPath}: installing Debian's chromium package…`);
  const install = spawnSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium'], {
    stdio: 'inherit',
  });
  if (install.status !== 0 || !fs.existsSync(chromiumPath)) {
    throw new Error(`apt-get could not install chromium (exit ${install.status}). Install it by hand and run the tests again.`);
  }
}
