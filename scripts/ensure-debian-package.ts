/**
 * The tests drive Debian's own programs (no download of them works here): Chromium for the end-to-end
 * suite, nginx for the deploy test. Installs a missing one with apt-get when we may, otherwise stops
 * with a message that says what to do.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

export interface DebianProgram {
  /** The package apt-get installs. */
  name: string;
  /** Where the tests expect its program. */
  path: string;
  /** How else to provide it, for the message (e.g. an environment variable pointing elsewhere). */
  otherwise?: string;
}

export function ensureDebianPackage({ name, path, otherwise }: DebianProgram): void {
  if (fs.existsSync(path)) return;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    throw new Error(
      `${name} is missing at ${path}. Install Debian's package (sudo apt-get install -y ${name})${otherwise ? ` or ${otherwise}` : ''}, then run the tests again.`,
    );
  }
  console.log(`${name} is missing at ${path}: installing Debian's ${name} package…`);
  const install = spawnSync('sh', ['-c', `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${name}`], { stdio: 'inherit' });
  if (install.status !== 0 || !fs.existsSync(path)) {
    throw new Error(`apt-get could not install ${name} (exit ${install.status}). Install it by hand and run the tests again.`);
  }
}

export const chromium: DebianProgram = {
  name: 'chromium',
  path: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  otherwise: 'point CHROMIUM_PATH at a Chromium binary',
};

/** The end-to-end tests' browser: Debian's build of Chromium's headless shell (playwright.config.ts says why). */
export const chromiumHeadlessShell: DebianProgram = {
  name: 'chromium-headless-shell',
  path: process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell',
  otherwise: 'point CHROMIUM_HEADLESS_SHELL_PATH at a Chromium headless shell binary',
};

export const nginx: DebianProgram = { name: 'nginx', path: '/usr/sbin/nginx' };

/** `promtool check rules` for deploy/alerts.yml (unit stage): Debian ships it in the prometheus package. */
export const promtool: DebianProgram = { name: 'prometheus', path: '/usr/bin/promtool' };

/**
 * Brotli for nginx (deploy/nginx-site.conf): the on-the-fly filter and the precompressed-file module.
 * Their `load_module` lines land in /etc/nginx/modules-enabled/ (tests/support/nginx-modules.ts).
 */
export const nginxBrotliFilter: DebianProgram = { name: 'libnginx-mod-http-brotli-filter', path: '/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so' };
export const nginxBrotliStatic: DebianProgram = { name: 'libnginx-mod-http-brotli-static', path: '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so' };
