/**
 * The files of deploy/ as a server reads them: systemd accepts the units, nginx accepts the site
 * configuration, and the example environment file names every production variable of docs/operations.md.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stopGraceMs } from '../server/runtime';
import { debianModuleLines } from '../tests/support/nginx-modules';

const deployDir = __dirname;
const read = (name: string) => fs.readFileSync(path.join(deployDir, name), 'utf8');
const tempDirs: string[] = [];
afterAll(() => tempDirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-site-deploy-'));
  tempDirs.push(dir);
  return dir;
}

/** The path of a tool, or null with the reason printed: its tests are then skipped, not failed. */
function tool(command: string, candidates: string[]): string | null {
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (!found) console.warn(`\n[deploy test] ${command} is not installed (looked at ${candidates.join(', ')}): its check is SKIPPED.\n`);
  return found ?? null;
}

function run(command: string, args: string[], cwd?: string) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const systemdAnalyze = tool('systemd-analyze', ['/usr/bin/systemd-analyze', '/bin/systemd-analyze']);
const nginx = tool('nginx', ['/usr/sbin/nginx', '/usr/bin/nginx']);
const openssl = tool('openssl', ['/usr/bin/openssl']);

describe.skipIf(!systemdAnalyze)('systemd units', () => {
  function verify(files: Record<string, string>) {
    const dir = tempDir();
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
    return run(systemdAnalyze!, ['verify', ...Object.keys(files).map((name) => `./${name}`)], dir);
  }

  it('site@.service (as the template and as an instance) and worker.service pass systemd-analyze verify', () => {
    const site = read('site@.service');
    const result = verify({ 'site@.service': site, 'site@3001.service': site, 'worker.service': read('worker.service') });
    expect(result).toEqual({ status: 0, output: '' });
  });

  it('reconcile.service and its timer pass systemd-analyze verify', () => {
    const result = verify({ 'reconcile.service': read('reconcile.service'), 'reconcile.timer': read('reconcile.timer') });
    expect(result).toEqual({ status: 0, output: '' });
    expect(read('reconcile.service')).toContain('\nExecStart=/usr/bin/node cli/reconcile.mjs\n');
    expect(read('reconcile.timer')).toContain('\nUnit=reconcile.service\n');
    for (const line of [
      'NoNewPrivileges=true',
      'ProtectSystem=strict',
      'ReadWritePaths=/var/lib/school-site',
      'User=school-site',
      'EnvironmentFile=/etc/school-site/site.env',
    ]) {
      expect(read('reconcile.service')).toContain(`\n${line}\n`);
    }
  });

  it('the check is real: a unit whose program does not exist is refused', () => {
    const broken = read('worker.service').replace('ExecStart=/usr/bin/node', 'ExecStart=/usr/bin/no-such-node');
    const result = verify({ 'worker.service': broken });
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('/usr/bin/no-such-node');
  });

  it('the units carry the hardening and a stop timeout longer than a GetCourse call', () => {
    for (const unit of ['site@.service', 'worker.service']) {
      const text = read(unit);
      for (const line of ['NoNewPrivileges=true', 'ProtectSystem=strict', 'ReadWritePaths=/var/lib/school-site', 'User=school-site']) {
        expect(text, unit).toContain(`\n${line}\n`);
      }
      expect(text, unit).toMatch(/\nEnvironmentFile=\/etc\/school-site\/site\.env\n/);
      // Longer than the graceful stop's own bound (2 × GETCOURSE_TIMEOUT_MS + 5 s, server/runtime.ts).
      expect(Number(/\nTimeoutStopSec=(\d+)s\n/.exec(text)?.[1]), unit).toBeGreaterThan(stopGraceMs({}) / 1000);
    }
    expect(read('site@.service')).toMatch(/\nEnvironment=.*\bPORT=%i\b/);
    // SIGTERM is the site's graceful stop only with this (instrumentation.ts); Next.js's own exits 143.
    expect(read('site@.service')).toMatch(/\nEnvironment=.*\bNEXT_MANUAL_SIG_HANDLE=true\b/);
    // The request stamp before the port opens (server/http/stamp-before-listen.ts), as the system tests start server.js.
    expect(read('site@.service')).toContain('\nExecStart=/usr/bin/node --import ./cli/request-stamp.mjs server.js\n');
  });
});

describe.skipIf(!nginx || !openssl)('nginx site configuration', () => {
  /** `nginx -t` on the site file inside a minimal main configuration, with a throw-away certificate. */
  function nginxTest(site: string) {
    const dir = tempDir();
    const cert = path.join(dir, 'cert.pem');
    const key = path.join(dir, 'key.pem');
    const made = run(openssl!, ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-keyout', key, '-out', cert]);
    expect(made.status, made.output).toBe(0);
    // The certificate and the access log in the test's folder: `nginx -t` opens both.
    const withCert = site
      .replace(/ssl_certificate\s+\S+;/, `ssl_certificate ${cert};`)
      .replace(/ssl_certificate_key\s+\S+;/, `ssl_certificate_key ${key};`)
      .replaceAll('/var/log/nginx/', `${dir}/`);
    fs.writeFileSync(path.join(dir, 'site.conf'), withCert);
    fs.writeFileSync(
      path.join(dir, 'nginx.conf'),
      // As Debian's nginx.conf: the dynamic modules first (Brotli: libnginx-mod-http-brotli-*).
      `${debianModuleLines()}\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\n    access_log off;\n    include ${dir}/site.conf;\n}\n`,
    );
    return run(nginx!, ['-t', '-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf')]);
  }

  it('passes nginx -t', () => {
    const result = nginxTest(read('nginx-site.conf'));
    expect(result.output).toContain('test is successful');
    expect(result.status).toBe(0);
  });

  it('the check is real: a misspelt directive fails it', () => {
    const result = nginxTest(read('nginx-site.conf').replace('client_max_body_size', 'client_max_body_sise'));
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('client_max_body_sise');
  });

  it('forwards what TRUST_PROXY=1 expects and fails over the POSTs of the lead API and the payment callback only (both idempotent)', () => {
    const site = read('nginx-site.conf');
    expect(site).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
    // The host nginx was asked for, whatever the client wrote in the header (the site checks Origin with it).
    expect(site).toContain('\n    proxy_set_header X-Forwarded-Host $host;\n');
    const retried = [...site.matchAll(/proxy_next_upstream [^;]*\bnon_idempotent\b/g)];
    const locations = retried.map((match) => /^location [^{]*\{/.exec(site.slice(site.lastIndexOf('location', match.index)))?.[0]);
    expect(locations).toEqual(['location ~ ^/api/(getcourse/orders|getcourse/ids|leads|leads/ids)$ {', 'location = /api/getcourse/deal-status {']);
    expect(site).toMatch(/location \/api\/ \{[^}]*limit_req zone=/);
  });

  it("closes idle connections to the instances before they do (Node's keep-alive timeout, 5 s)", () => {
    const upstream = /upstream school_site \{[^}]*\}/.exec(read('nginx-site.conf'))?.[0] ?? '';
    const seconds = Number(/keepalive_timeout (\d+)s;/.exec(upstream)?.[1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThan(5);
  });
});

describe('nginx compression', () => {
  it('sends the precompressed build files and compresses pages and JSON on the fly, Brotli first, gzip otherwise', () => {
    const site = read('nginx-site.conf');
    const staticBlock = /location \/_next\/static\/ \{[^}]*\}/.exec(site)?.[0] ?? '';
    expect(staticBlock).toContain('brotli_static on;');
    expect(staticBlock).toContain('gzip_static on;');
    for (const line of ['brotli on;', 'gzip on;', 'proxy_set_header Accept-Encoding "";']) expect(site).toContain(`\n    ${line}\n`);
    for (const types of site.match(/^\s*(?:brotli|gzip)_types [^;]*;/gm) ?? []) expect(types).toContain('application/json');
  });
});

describe('example environment file', () => {
  it('lists every variable of the table in docs/operations.md except the tests-only ones, with no secret filled in', () => {
    const operations = fs.readFileSync(path.join(deployDir, '..', 'docs', 'operations.md'), 'utf8');
    const section = operations.slice(operations.indexOf('## Environment variables'));
    const table = section.slice(0, section.indexOf('\n#', 1));
    const variables = [...table.matchAll(/^\| `([A-Z0-9_]+)` \| ([^|]*)\|/gm)]
      .filter(([, , description]) => !description!.startsWith('tests only'))
      .map(([, name]) => name!);
    expect(variables.length).toBeGreaterThan(20);
    const example = read('site.env.example');
    const listed = new Set([...example.matchAll(/^#?([A-Z0-9_]+)=/gm)].map(([, name]) => name));
    expect(variables.filter((name) => !listed.has(name))).toEqual([]);
    const secrets = [
      'GETCOURSE_API_KEY',
      'TELEGRAM_BOT_TOKEN',
      'SMTP_URL',
      'ADDRESS_HASH_KEY',
      'GIFT_POPUP_TOKEN',
      'NEXT_PUBLIC_GTM_ID',
      'METRICS_TOKEN',
      'BETTER_AUTH_SECRET',
      'NEXT_SERVER_ACTIONS_ENCRYPTION_KEY',
      'GETCOURSE_CALLBACK_SECRET',
    ];
    for (const secret of secrets) {
      expect(example).toMatch(new RegExp(`^${secret}=$`, 'm'));
    }
  });
});
