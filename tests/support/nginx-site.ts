/**
 * deploy/nginx-site.conf run here, with Debian's nginx under a prefix of its own: the deploy test
 * (tests/system/deploy.test.ts) puts it in front of two instances, and `npm run bench:real-phone` in
 * front of each build it measures, so a page is served as the school's server serves it (build files
 * precompressed, pages compressed by nginx, HTTP/2 over TLS).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { debianModuleLines } from './nginx-modules';

export const nginxBinary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => fs.existsSync(candidate));

export interface SiteHere {
  /** The two `server` lines of the upstream (the same port twice for one instance). */
  ports: [number, number];
  http: number;
  https: number;
  cert: string;
  key: string;
  /** The build's static folder (`.next/static`), with its precompressed copies. */
  staticDir: string;
  /** Where the site's access log goes (`access.log` in it): the folder `startNginx` is given. */
  logDir: string;
}

/**
 * deploy/nginx-site.conf made to run here, one explicit replacement at a time (each must match as many
 * times as said, once unless told, so a change to the file's shape fails instead of running something
 * else): the upstream at local instances, the listeners on loopback ports, a throw-away certificate,
 * the static folder at a build's, the access log (of both servers) in the test's folder. Everything
 * else (headers, limits, timeouts, failover, compression, the log format) is the file as shipped.
 */
export function siteHere(site: string, at: SiteHere): string {
  const replacements: [RegExp, string, number?][] = [
    [/server 127\.0\.0\.1:3001 /, `server 127.0.0.1:${at.ports[0]} `],
    [/server 127\.0\.0\.1:3002 /, `server 127.0.0.1:${at.ports[1]} `],
    [/listen 80;/, `listen 127.0.0.1:${at.http};`],
    [/listen \[::\]:80;\n/, ''],
    [/listen 443 ssl http2;/, `listen 127.0.0.1:${at.https} ssl http2;`],
    [/listen \[::\]:443 ssl http2;\n/, ''],
    [/ssl_certificate\s+\S+;/, `ssl_certificate ${at.cert};`],
    [/ssl_certificate_key\s+\S+;/, `ssl_certificate_key ${at.key};`],
    [/alias \/srv\/school-site\/static\/;/, `alias ${at.staticDir}/;`],
    [/access_log \/var\/log\/nginx\/access\.log /, `access_log ${at.logDir}/access.log `, 2],
  ];
  return replacements.reduce((text, [pattern, replacement, expected = 1]) => {
    const matches = text.match(new RegExp(pattern.source, 'g'))?.length ?? 0;
    if (matches !== expected) throw new Error(`deploy/nginx-site.conf: expected ${expected} match(es) of ${pattern}, found ${matches}`);
    return text.replace(new RegExp(pattern.source, 'g'), replacement);
  }, site);
}

/** Debian's own access log (nginx.conf's `http` block, the `combined` format): the site's servers log elsewhere. */
export const DEBIAN_ACCESS_LOG = 'debian-access.log';

const pidFile = (dir: string) => path.join(dir, 'nginx.pid');

/** The main configuration Debian's /etc/nginx/nginx.conf would be, in a folder of its own. */
function mainConfig(dir: string): string {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `    ${name}_temp_path ${dir}/${name};`).join('\n');
  // Debian's nginx.conf loads the dynamic modules first: the Brotli filter and static modules among them.
  return `${debianModuleLines()}
${process.getuid?.() === 0 ? 'user root;\n' : ''}daemon off;
worker_processes 1;
pid ${pidFile(dir)};
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log ${dir}/${DEBIAN_ACCESS_LOG};
${temp}
    include ${dir}/site.conf;
}
`;
}

/** A self-signed certificate for `domain`, made by openssl in `dir`. */
export function throwAwayCertificate(dir: string, domain: string): { cert: string; key: string } {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      `/CN=${domain}`,
      '-addext',
      `subjectAltName=DNS:${domain}`,
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`);
  return { cert, key };
}

/** Writes the site (made by `siteHere`) and the main configuration into `dir` and starts nginx on them. */
export function startNginx(dir: string, site: string): ChildProcess {
  if (!nginxBinary) throw new Error("nginx is not installed (Debian's nginx, libnginx-mod-http-brotli-filter and -static)");
  fs.writeFileSync(path.join(dir, 'site.conf'), site);
  fs.writeFileSync(path.join(dir, 'nginx.conf'), mainConfig(dir));
  for (const log of ['access.log', DEBIAN_ACCESS_LOG]) fs.writeFileSync(path.join(dir, log), '');
  // nginxListening waits for nginx's own pid file.
  fs.rmSync(pidFile(dir), { force: true });
  return spawn(nginxBinary, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf')], { stdio: ['ignore', 'inherit', 'inherit'] });
}

/**
 * Until nginx (started in `dir` by `startNginx`) listens: it writes its pid file only once it has opened
 * its listening sockets, so the file's appearance is the signal, watched rather than polled. Fails with
 * nginx's error log if it exits first.
 */
export function nginxListening(nginx: ChildProcess, dir: string, timeoutMs = 20_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const watcher = fs.watch(dir);
    const timer = setTimeout(() => finish(new Error(`nginx wrote no pid file within ${timeoutMs} ms: ${errorLog(dir)}`)), timeoutMs);
    const exited = (code: number | null) => finish(new Error(`nginx exited with ${code}: ${errorLog(dir)}`));
    function finish(error?: Error) {
      clearTimeout(timer);
      watcher.close();
      nginx.off('exit', exited);
      if (error) reject(error);
      else resolve();
    }
    const written = () => fs.existsSync(pidFile(dir)) && finish();
    watcher.on('change', written);
    nginx.once('exit', exited);
    if (nginx.exitCode !== null) exited(nginx.exitCode);
    else written();
  });
}

const errorLog = (dir: string) => fs.readFileSync(path.join(dir, 'error.log'), { encoding: 'utf8', flag: 'a+' });
