/**
 * The tests drive Debian's own programs (no download of them works here): Chromium for the end-to-end
 * suite, nginx for the deploy test. Installs the missing ones with apt-get when we may, otherwise stops
 * with a message that says what to do.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface DebianProgram {
  /** The package apt-get installs. */
  name: string;
  /** Where the tests expect its program. */
  path: string;
  /** How else to provide it, for the message (e.g. an environment variable pointing elsewhere). */
  otherwise?: string;
}

/**
 * Installs the missing ones of `programs` in one apt-get run (one package list update, not one a package).
 * Resolves with what apt-get printed (empty when nothing was missing), so a caller running it beside other
 * work prints it whole when it ends; rejects with what to do when it cannot.
 */
export async function ensureDebianPackages(programs: DebianProgram[]): Promise<string> {
  const missing = programs.filter((program) => !fs.existsSync(program.path));
  if (missing.length === 0) return '';
  const names = missing.map((program) => program.name).join(' ');
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    const otherwise = missing.flatMap((program) => (program.otherwise ? [program.otherwise] : []));
    throw new Error(
      `${missing.map((program) => `${program.name} is missing at ${program.path}`).join('; ')}. Install Debian's packages (sudo apt-get install -y ${names})${otherwise.length ? ` or ${otherwise.join(', ')}` : ''}, then run the tests again.`,
    );
  }
  // Into a file, not a pipe: the caller may block its event loop meanwhile (spawnSync of a test stage), and
  // apt-get writing into a full pipe nobody reads would wait for it.
  const log = path.join(os.tmpdir(), `apt-install-${process.pid}-${Date.now()}.log`);
  const logFd = fs.openSync(log, 'w');
  const status = await new Promise<number | null>((resolve) => {
    const install = spawn('sh', ['-c', `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${names}`], {
      stdio: ['ignore', logFd, logFd],
    });
    install.on('close', resolve);
    install.on('error', () => resolve(null));
  });
  fs.closeSync(logFd);
  const printed = fs.readFileSync(log, 'utf8');
  fs.rmSync(log, { force: true });
  const stillMissing = missing.filter((program) => !fs.existsSync(program.path));
  if (status !== 0 || stillMissing.length > 0) {
    throw new Error(
      `${printed}\napt-get could not install ${stillMissing.map((program) => program.name).join(' ') || names} (exit ${status}). Install by hand and run the tests again.`,
    );
  }
  return `${names}: missing, installed with apt-get\n${printed}`;
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
