/**
 * The deploy of deploy/ as it runs on the school's server: Debian's nginx with the project's own site
 * configuration (TLS with a throw-away certificate) in front of two standalone instances (server.js, as
 * site@.service runs them) on one PostgreSQL database, TRUST_PROXY=1, the fake GetCourse. A flood of
 * orders from many client addresses goes through nginx while both instances get a rolling restart
 * (SIGTERM, start again): every acknowledged lead is stored and delivered once, no answer is a 5xx, and
 * the address each lead is counted under is the one nginx forwarded.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIdFor } from '@/server/build-id';
import { openDatabase, type DatabaseHandle } from '@/server/db/connection';
import { dealNumberFor } from '@/server/getcourse/deal-number';
import { hashClientAddress } from '@/server/leads/client-address';
import { startFakeGetCourse, type FakeGetCourse } from '@/tests/support/fake-getcourse';
import { assertBuilt, distDir, freePort, orderBody, serverEnv, startStandaloneServer, waitFor, type NextServer } from './support/next-server';

const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim();
const nginxBinary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => fs.existsSync(candidate));
const skipReason = !testDatabaseUrl
  ? 'TEST_DATABASE_URL is not set (several instances need PostgreSQL)'
  : !nginxBinary
    ? "nginx is not installed (the test command installs Debian's package where it may: scripts/ensure-debian-package.ts)"
    : null;
if (skipReason) console.warn(`\n[deploy test] ${skipReason}: the deploy test is SKIPPED.\n`);

const HASH_KEY = 'deploy-test-hash-key-0123456789abcdef';
const DOMAIN = 'example.ru';
/** The flood's visitors: nginx's limit_req (5 r/s an address) lets each through at this spread. */
const CLIENT_ADDRESSES = Array.from({ length: 100 }, (_, index) => `127.0.1.${index + 1}`);
const CONCURRENCY = 12;
/** Orders acknowledged before the first restart, and after each restarted instance is back in nginx. */
const ORDERS_BETWEEN_STEPS = 50;

/**
 * deploy/nginx-site.conf made to run here, one explicit replacement at a time (each must match once, so
 * a change to the file's shape fails this test instead of testing something else): the upstream at the
 * test's instances, the listeners on loopback test ports, a throw-away certificate, the static folder at
 * this build's. Everything else (headers, limits, timeouts, failover) is the file as shipped.
 */
function siteForTest(site: string, at: { ports: [number, number]; http: number; https: number; cert: string; key: string; staticDir: string }): string {
  const replacements: [RegExp, string][] = [
    [/server 127\.0\.0\.1:3001 /, `server 127.0.0.1:${at.ports[0]} `],
    [/server 127\.0\.0\.1:3002 /, `server 127.0.0.1:${at.ports[1]} `],
    [/listen 80;/, `listen 127.0.0.1:${at.http};`],
    [/listen \[::\]:80;\n/, ''],
    [/listen 443 ssl http2;/, `listen 127.0.0.1:${at.https} ssl http2;`],
    [/listen \[::\]:443 ssl http2;\n/, ''],
    [/ssl_certificate\s+\S+;/, `ssl_certificate ${at.cert};`],
    [/ssl_certificate_key\s+\S+;/, `ssl_certificate_key ${at.key};`],
    [/alias \/srv\/school-site\/static\/;/, `alias ${at.staticDir}/;`],
  ];
  return replacements.reduce((text, [pattern, replacement]) => {
    const matches = text.match(new RegExp(pattern.source, 'g'))?.length ?? 0;
    if (matches !== 1) throw new Error(`deploy/nginx-site.conf: expected one match of ${pattern}, found ${matches}`);
    return text.replace(pattern, replacement);
  }, site);
}

/** The main configuration Debian's /etc/nginx/nginx.conf would be, in a folder of its own. */
function mainConfig(dir: string): string {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `    ${name}_temp_path ${dir}/${name};`).join('\n');
  return `${process.getuid?.() === 0 ? 'user root;\n' : ''}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    log_format upstreams '$remote_addr|$request_method $uri|$status|$upstream_addr|$upstream_status';
    access_log ${dir}/access.log upstreams;
${temp}
    include ${dir}/site.conf;
}
`;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

describe.skipIf(skipReason !== null)('nginx in front of two standalone instances, rolling restart during a flood', () => {
  let gc: FakeGetCourse;
  let admin: DatabaseHandle;
  let database: DatabaseHandle;
  let databaseName: string;
  let nginx: ChildProcess;
  let dir: string;
  let ca: string;
  let httpsPort: number;
  let httpPort: number;
  let env: NodeJS.ProcessEnv;
  const instances: NextServer[] = [];
  const agent = new https.Agent({ keepAlive: true, maxSockets: 1000 });

  /** A request through nginx over TLS, sent from `from` (a loopback address: a visitor of its own). */
  function send(pathname: string, options: { from: string; method?: string; headers?: Record<string, string>; body?: string }): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const request = https.request(
        {
          host: '127.0.0.1',
          port: httpsPort,
          servername: DOMAIN,
          ca,
          agent,
          localAddress: options.from,
          method: options.method ?? 'GET',
          path: pathname,
          headers: { host: DOMAIN, ...options.headers },
        },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
        },
      );
      request.on('error', reject);
      request.end(options.body);
    });
  }

  function postLead(from: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    return send('/api/getcourse/orders', {
      from,
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `https://${DOMAIN}`, 'idempotency-key': randomUUID(), ...headers },
      body: JSON.stringify(body),
    });
  }

  const accessLog = () => fs.readFileSync(path.join(dir, 'access.log'), 'utf8').split('\n').filter(Boolean);

  beforeAll(async () => {
    assertBuilt();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-site-nginx-'));
    gc = await startFakeGetCourse();
    databaseName = `deploy_${randomBytes(5).toString('hex')}`;
    admin = await openDatabase({ dialect: 'postgres', url: testDatabaseUrl! });
    await sql`create database ${sql.id(databaseName)}`.execute(admin.db);
    const url = new URL(testDatabaseUrl!);
    url.pathname = `/${databaseName}`;
    database = await openDatabase({ dialect: 'postgres', url: url.toString() });
    env = serverEnv({
      DATABASE_URL: url.toString(),
      GETCOURSE_API_KEY: 'system-key',
      GETCOURSE_BASE_URL: gc.url,
      TRUST_PROXY: '1',
      ADDRESS_HASH_KEY: HASH_KEY,
    });

    const [portA, portB] = [await freePort(), await freePort()];
    instances.push(...(await Promise.all([startStandaloneServer(portA, env), startStandaloneServer(portB, env)])));

    const cert = path.join(dir, 'cert.pem');
    const key = path.join(dir, 'key.pem');
    const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', `/CN=${DOMAIN}`, '-addext', `subjectAltName=DNS:${DOMAIN}`, '-keyout', key, '-out', cert], { encoding: 'utf8' });
    if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`);
    ca = fs.readFileSync(cert, 'utf8');
    [httpPort, httpsPort] = [await freePort(), await freePort()];
    const site = siteForTest(fs.readFileSync('deploy/nginx-site.conf', 'utf8'), {
      ports: [portA, portB],
      http: httpPort,
      https: httpsPort,
      cert,
      key,
      staticDir: path.resolve(distDir, 'static'),
    });
    fs.writeFileSync(path.join(dir, 'site.conf'), site);
    fs.writeFileSync(path.join(dir, 'nginx.conf'), mainConfig(dir));
    fs.writeFileSync(path.join(dir, 'access.log'), '');
    nginx = spawn(nginxBinary!, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf')], { stdio: ['ignore', 'inherit', 'inherit'] });
    await waitFor(
      'nginx to listen',
      () =>
        new Promise((resolve) => {
          if (nginx.exitCode !== null) throw new Error(`nginx exited with ${nginx.exitCode}: ${fs.readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
          const socket = net.connect(httpsPort, '127.0.0.1', () => {
            socket.end();
            resolve(true);
          });
          socket.on('error', () => resolve(false));
        }),
      20_000,
    );
  });

  afterAll(async () => {
    agent.destroy();
    if (nginx && nginx.exitCode === null) {
      const stopped = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGQUIT');
      await stopped;
    }
    await Promise.all(instances.map((server) => server.kill('SIGKILL')));
    await database?.close();
    await gc?.close();
    if (admin) {
      await sql`drop database if exists ${sql.id(databaseName)} with (force)`.execute(admin.db);
      await admin.close();
    }
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('loses no acknowledged lead, delivers each once, answers no 5xx, and counts each visitor by the address nginx saw', async () => {
    const started = Date.now();
    const acknowledged = new Map<string, string>(); // e-mail -> the address it was sent from
    const statuses = new Map<number, number>();
    const serverErrors: string[] = [];
    const transportErrors: string[] = [];
    let sent = 0;
    let flooding = true;
    const client = async () => {
      while (flooding) {
        const from = CLIENT_ADDRESSES[sent % CLIENT_ADDRESSES.length]!;
        sent += 1;
        const { email, body } = orderBody('deploy');
        try {
          const answer = await postLead(from, body);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (answer.status === 200) acknowledged.set(email, from);
          if (answer.status >= 500) serverErrors.push(`${answer.status} ${answer.body.slice(0, 200)}`);
        } catch (error) {
          transportErrors.push((error as Error).message);
        }
      }
    };
    const clients = Array.from({ length: CONCURRENCY }, client);

    // Rolling restart, one instance at a time, as deploy/README.md says: SIGTERM, start again, and on to
    // the next only once nginx sends the restarted one requests again (its fail_timeout is over).
    const restarts: string[] = [];
    try {
      await waitFor('orders acknowledged before the restart', async () => acknowledged.size >= ORDERS_BETWEEN_STEPS, 60_000);
      for (const index of [0, 1]) {
        const old = instances[index]!;
        const stopAt = Date.now();
        void old.kill('SIGTERM');
        expect(await old.exited, `instance ${index} on SIGTERM`).toEqual({ code: 0, signal: null });
        const stoppedMs = Date.now() - stopAt;
        const logMark = accessLog().length;
        instances[index] = await startStandaloneServer(old.port, env);
        const readyMs = Date.now() - stopAt;
        const upstream = `127.0.0.1:${old.port}`;
        await waitFor(
          `nginx to send requests to ${upstream} again`,
          async () => accessLog().slice(logMark).some((line) => line.split('|')[3]?.split(', ').at(-1) === upstream && line.split('|')[2] === '200'),
          60_000,
        );
        restarts.push(`instance ${index}: stopped in ${stoppedMs} ms, ready in ${readyMs} ms, back in nginx in ${Date.now() - stopAt} ms`);
        const mark = acknowledged.size;
        await waitFor('orders acknowledged after the restart', async () => acknowledged.size >= mark + ORDERS_BETWEEN_STEPS, 60_000);
      }
    } finally {
      flooding = false;
      await Promise.all(clients);
    }
    const floodSeconds = (Date.now() - started) / 1000;

    const nginxSaw = () => [...accessLog().filter((line) => /\|5\d\d\|/.test(line)), fs.readFileSync(path.join(dir, 'error.log'), 'utf8')].join('\n');
    expect(serverErrors, nginxSaw()).toEqual([]);
    expect(transportErrors).toEqual([]);
    expect([...statuses.keys()]).toEqual([200]);

    await waitFor(
      'every delivery to be sent',
      async () => (await database.db.selectFrom('outbox').select('id').where('status', '!=', 'sent').execute()).length === 0,
      60_000,
    );
    const leads = await database.db.selectFrom('leads').select(['id', 'email', 'client_address_hash']).execute();
    // Every acknowledged lead is stored, once, and nothing else.
    expect(leads.map((lead) => lead.email).sort()).toEqual([...acknowledged.keys()].sort());
    // Counted under the address nginx saw (TRUST_PROXY=1: the entry nginx appended to X-Forwarded-For).
    const wrongAddress = leads.filter((lead) => lead.client_address_hash !== hashClientAddress(acknowledged.get(lead.email)!, HASH_KEY));
    expect(wrongAddress).toEqual([]);
    // Delivered once: one import of each lead's deal number, and no deal that is not a stored lead.
    const prefix = Number((await database.db.selectFrom('settings').select('value').where('key', '=', 'deal_number_prefix').executeTakeFirstOrThrow()).value);
    const imports = new Map(gc.deals().map((deal) => [deal.deal_number, deal.imports]));
    expect(imports.size).toBe(leads.length);
    const notOnce = leads.filter((lead) => imports.get(dealNumberFor(prefix, lead.id)) !== 1);
    expect(notOnce).toEqual([]);

    const log = accessLog();
    const failedOver = log.filter((line) => line.split('|')[3]?.includes(', ')).length;
    console.log(
      `[deploy test] ${sent} orders through nginx in ${floodSeconds.toFixed(1)} s from ${CLIENT_ADDRESSES.length} addresses, ` +
        `${acknowledged.size} acknowledged (all 200), ${leads.length} stored, each delivered once; ${failedOver} requests failed over ` +
        `to the other instance; ${restarts.join('; ')}.`,
    );
  }, 240_000); // ~25 s on a quiet machine; a busy one starts each instance far more slowly

  it("the site counts the address nginx saw, not one the client wrote, and nginx's own limits answer 4xx", async () => {
    const { email, body } = orderBody('deploy-spoof');
    expect((await postLead('127.0.0.5', body, { 'x-forwarded-for': '203.0.113.7' })).status).toBe(200);
    const stored = await database.db.selectFrom('leads').select('client_address_hash').where('email', '=', email).executeTakeFirstOrThrow();
    expect(stored.client_address_hash).toBe(hashClientAddress('127.0.0.5', HASH_KEY));

    // client_max_body_size: a body far over a lead's size never reaches an instance.
    const big = await postLead('127.0.0.6', { ...body, website: 'x'.repeat(40 * 1024) });
    expect(big.status).toBe(413);

    // limit_req on /api/: one address bursting past 5 r/s (burst 20) is turned away by nginx.
    const burst = await Promise.all(Array.from({ length: 60 }, () => send('/api/health', { from: '127.0.0.7' })));
    const burstStatuses = burst.map((answer) => answer.status);
    expect(burstStatuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(burstStatuses.every((status) => status === 200 || status === 429)).toBe(true);
  });

  it('serves the build files of every deploy from the shared folder; a file no deploy has is a 404, uncached', async () => {
    const page = await send('/', { from: '127.0.0.8' });
    expect(page.status).toBe(200);
    // One build id for every build of a commit (next.config.ts's generateBuildId), in the page it serves:
    // a page of another deploy sees the difference on its next navigation and reloads in full.
    const buildId = fs.readFileSync(path.join(distDir, 'BUILD_ID'), 'utf8').trim();
    if (process.env.BUILD_ID?.trim()) expect(buildId).toBe(buildIdFor(process.env));
    else if (buildIdFor(process.env)) {
      // The commit the build was made from: HEAD, or one before it when commits came after the build.
      expect(spawnSync('git', ['merge-base', '--is-ancestor', buildId, 'HEAD']).status, `build id ${buildId} is a commit of this checkout`).toBe(0);
    } else console.warn("\n[deploy test] not a git checkout: the build id is Next.js's random one, not compared with a commit.\n");
    expect(page.body).toContain(buildId);

    const chunk = /\/_next\/static\/[^"'\s?]+\.js/.exec(page.body)?.[0];
    expect(chunk).toBeDefined();
    const found = await send(chunk!, { from: '127.0.0.8' });
    expect(found.status).toBe(200);
    expect(found.headers['content-type']).toMatch(/javascript/);
    expect(found.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const stale = await send('/_next/static/chunks/a-chunk-of-no-deploy.js', { from: '127.0.0.8' });
    expect(stale.status).toBe(404);
    expect(stale.headers['cache-control']).toBeUndefined();

    // Plain HTTP is sent to HTTPS.
    const plain = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get({ host: '127.0.0.1', port: httpPort, path: '/courses?x=1', headers: { host: DOMAIN } }, resolve).on('error', reject),
    );
    plain.resume();
    expect(plain.statusCode).toBe(301);
    expect(plain.headers.location).toBe(`https://${DOMAIN}/courses?x=1`);
  });
});
