/**
 * The deploy of deploy/ as it runs on the school's server: Debian's nginx with the project's own site
 * configuration (TLS with a throw-away certificate) in front of two standalone instances (server.js, as
 * site@.service runs them) on one PostgreSQL database, TRUST_PROXY=1, the fake GetCourse. The instances
 * run the releases that deploy/release.sh makes in a site folder of the test's own: a flood of leads
 * from many client addresses goes through nginx while the release command releases a new commit and then
 * rolls back (each a rolling restart: SIGTERM, start again from the folder `current` names). Every
 * acknowledged lead is stored and delivered once, no answer is a 5xx, the address each lead is counted
 * under is the one nginx forwarded, and after the rollback both instances serve the previous build.
 * Then GetCourse's payment callbacks through nginx: a burst of them all answered, and their secret in
 * no log (nginx's access and error logs, the instances' output); one HSTS header on every kind of
 * answer; a client's X-Forwarded-Host never reaching the site.
 *
 * Only two steps of release.sh are stood in for, through its settings: the build (a copy of this
 * checkout's standalone build, marked with the release's commit) and `systemctl restart site@$port`
 * (a request to the test, which stops that instance with SIGTERM and starts it from `current`).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIdFor } from '@/server/build-id';
import { openDatabase, type DatabaseHandle } from '@/server/db/connection';
import { dealNumberFor } from '@/server/rules/deal-number';
import { hashClientAddress } from '@/server/leads/client-address';
import { startFakeGetCourse, type FakeGetCourse } from '@/tests/support/fake-getcourse';
import { DEBIAN_ACCESS_LOG, nginxBinary, nginxListening, siteHere, startNginx, throwAwayCertificate } from '@/tests/support/nginx-site';
import { assertBuilt, distDir, freePort, leadBody, serverEnv, startStandaloneServer, waitFor, type NextServer } from '@/tests/support/next-server';

/** Runs deploy/release.sh with `command`; resolves with its exit code and output. */
function runRelease(command: 'release' | 'rollback', env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', [path.resolve('deploy/release.sh'), command], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/** A site's git repository with one file, `version.txt`, whose text names the commit's build. */
function gitIn(cwd: string, ...args: string[]): void {
  const result = spawnSync('git', ['-c', 'user.name=deploy-test', '-c', 'user.email=deploy-test@example.ru', ...args], { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
}

const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim();
const skipReason = !testDatabaseUrl
  ? 'TEST_DATABASE_URL is not set (several instances need PostgreSQL)'
  : !nginxBinary
    ? "nginx is not installed (the test command installs Debian's package where it may: scripts/ensure-debian-package.ts)"
    : null;
if (skipReason) console.warn(`\n[deploy test] ${skipReason}: the deploy test is SKIPPED.\n`);

const HASH_KEY = 'deploy-test-hash-key-0123456789abcdef';
const CALLBACK_SECRET = `deploy-callback-secret-${randomBytes(16).toString('hex')}`;
const DOMAIN = 'example.ru';
/** The flood's visitors: nginx's limit_req (5 r/s an address) lets each through at this spread. */
const CLIENT_ADDRESSES = Array.from({ length: 100 }, (_, index) => `127.0.1.${index + 1}`);
/**
 * The flood's pace: FLOOD_CLIENTS visitors at once, each sending a lead every FLOOD_INTERVAL_MS (5 a
 * second: a few tens while an instance starts and nginx holds it out). As fast as the machine could go,
 * it took most of the test's processor (1,100 leads) and proved no more: what a restart must not lose is
 * the leads in flight when an instance stops, and each stop gets STOP_BURST of them sent at its moment
 * (`stopBurst`), whatever the pace.
 */
const FLOOD_CLIENTS = 4;
const FLOOD_INTERVAL_MS = 800;
/** Leads sent at once just before each instance is stopped: the stop finds them in flight (half of them on it, by nginx's round robin). */
const STOP_BURST = 12;
/** Leads acknowledged before the release, between the release and the rollback, and after the rollback: a quarter of the addresses, over both instances. */
const LEADS_BETWEEN_STEPS = 25;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Every header line as received (name, value, name, value…): `headers` joins repeated ones. */
  rawHeaders: string[];
  body: string;
}

/** A line of the site's access log (deploy/nginx-site.conf's `school_site` format), the parts the tests read. */
function parseLogLine(line: string): { method: string; path: string; status: number; upstreams: string } {
  const match = /^\S+ \[[^\]]+\] "(\S+) (.*) \S+" (\d{3}) \d+ \S+ "[^"]*" upstream="([^"]*)" "[^"]*"$/.exec(line);
  if (!match) throw new Error(`not a line of the school_site format: ${line}`);
  return { method: match[1]!, path: match[2]!, status: Number(match[3]), upstreams: match[4]! };
}

describe.skipIf(skipReason !== null)('nginx in front of two standalone instances, a release and a rollback during a flood', () => {
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
  let releaseEnv: NodeJS.ProcessEnv;
  let siteRoot: string;
  let repository: string;
  let control: http.Server;
  /** The running instance on each port, and the release folder it was started from. */
  const instances = new Map<number, { server: NextServer; release: string }>();
  const restarts: string[] = [];
  const agent = new https.Agent({ keepAlive: true, maxSockets: 1000 });
  /** The flood's leads, by how they were answered: filled by its clients and by the bursts at each stop. */
  const flood = {
    on: false,
    sent: 0,
    acknowledged: new Map<string, string>(), // e-mail -> the address it was sent from
    statuses: new Map<number, number>(),
    serverErrors: [] as string[],
    transportErrors: [] as string[],
    bursts: [] as Promise<void>[],
  };

  /** A request through nginx over TLS, sent from `from` (a loopback address: a visitor of its own). */
  function send(
    pathname: string,
    options: { from: string; method?: string; headers?: Record<string, string>; body?: string; written?: () => void },
  ): Promise<Answer> {
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
          response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, rawHeaders: response.rawHeaders, body }));
        },
      );
      request.on('error', reject);
      request.end(options.body, options.written);
    });
  }

  /** `written`: called once the request is written out (to nginx). */
  function postLead(from: string, body: unknown, headers: Record<string, string> = {}, written?: () => void): Promise<Answer> {
    return send('/api/leads', {
      from,
      written,
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `https://${DOMAIN}`, 'idempotency-key': randomUUID(), ...headers },
      body: JSON.stringify(body),
    });
  }

  /** One lead of the flood, from the next of its addresses, its answer counted; `written` as postLead's. */
  async function floodLead(written?: () => void): Promise<void> {
    const from = CLIENT_ADDRESSES[flood.sent % CLIENT_ADDRESSES.length]!;
    flood.sent += 1;
    const { email, body } = leadBody('deploy');
    try {
      const answer = await postLead(from, body, {}, written);
      flood.statuses.set(answer.status, (flood.statuses.get(answer.status) ?? 0) + 1);
      if (answer.status === 200) flood.acknowledged.set(email, from);
      if (answer.status >= 500) flood.serverErrors.push(`${answer.status} ${answer.body.slice(0, 200)}`);
    } catch (error) {
      flood.transportErrors.push((error as Error).message);
    }
  }

  /** While the flood runs: STOP_BURST leads at once; resolves once every one is written out to nginx (or failed), for the stop to find them in flight. */
  async function stopBurst(): Promise<void> {
    if (!flood.on) return;
    const written = Array.from({ length: STOP_BURST }, () => {
      let wrote!: () => void;
      const out = new Promise<void>((resolve) => (wrote = resolve));
      flood.bursts.push(floodLead(wrote).finally(wrote));
      return out;
    });
    await Promise.all(written);
  }

  const accessLog = (name = 'access.log') => fs.readFileSync(path.join(dir, name), 'utf8').split('\n').filter(Boolean);
  /** Everything nginx and the instances running now have written, by where it was written. */
  const everyLog = (): [where: string, text: string][] => [
    ...['access.log', DEBIAN_ACCESS_LOG, 'error.log'].map((name): [string, string] => [name, fs.readFileSync(path.join(dir, name), 'utf8')]),
    ...[...instances].map(([port, { server }]): [string, string] => [`instance ${port}`, server.output()]),
  ];

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
      GETCOURSE_CALLBACK_SECRET: CALLBACK_SECRET,
    });

    const [portA, portB] = [await freePort(), await freePort()];
    // What `systemctl restart site@$port` does on the server: stop the instance (SIGTERM, a clean exit)
    // and start it again from the release `current` names now.
    control = http.createServer((request, response) => {
      const port = Number(/^\/restart\/(\d+)$/.exec(request.url ?? '')?.[1]);
      void (async () => {
        const stopAt = Date.now();
        const old = instances.get(port);
        if (old) {
          await stopBurst();
          void old.server.kill('SIGTERM');
          const exit = await old.server.exited;
          if (exit.code !== 0) throw new Error(`instance ${port} ended with ${JSON.stringify(exit)} on SIGTERM`);
        }
        const release = fs.realpathSync(path.join(siteRoot, 'current'));
        instances.set(port, { server: await startStandaloneServer(port, env, path.join(release, '.next', 'standalone', 'server.js')), release });
        restarts.push(`${port} on ${path.basename(release)} in ${Date.now() - stopAt} ms`);
      })().then(
        () => response.end('restarted\n'),
        (error: Error) => {
          response.statusCode = 500;
          response.end(`${error.message}\n`);
        },
      );
    });
    const controlPort = await freePort();
    await new Promise<void>((resolve) => control.listen(controlPort, '127.0.0.1', resolve));

    siteRoot = path.join(dir, 'site');
    repository = path.join(dir, 'repository');
    fs.mkdirSync(repository);
    gitIn(repository, 'init', '-q', '-b', 'main');
    fs.writeFileSync(path.join(repository, 'version.txt'), 'first\n');
    gitIn(repository, 'add', '.');
    gitIn(repository, 'commit', '-qm', 'first');
    const built = path.resolve(distDir);
    releaseEnv = {
      ...process.env,
      SITE_ROOT: siteRoot,
      REPOSITORY: repository,
      PORTS: `${portA} ${portB}`,
      // `npm install && npm run build` stood in for: this checkout's build, its version.txt served from public/.
      RELEASE_BUILD: `mkdir -p .next && cp -a '${built}/standalone' .next/standalone && cp -a '${built}/static' .next/static && mkdir -p .next/standalone/public && cp version.txt .next/standalone/public/`,
      RELEASE_RESTART: `curl -fsS -X POST "http://127.0.0.1:${controlPort}/restart/$port"`,
      // RELEASE_HEALTH and RELEASE_SETTLE as on the server: /api/health, and nginx's fail_timeout.
    };
    // The first release, before any traffic: no need to wait out nginx between the instances.
    const first = await runRelease('release', { ...releaseEnv, RELEASE_SETTLE: '0' });
    if (first.code !== 0) throw new Error(`deploy/release.sh release failed:\n${first.output}`);

    const { cert, key } = throwAwayCertificate(dir, DOMAIN);
    ca = fs.readFileSync(cert, 'utf8');
    [httpPort, httpsPort] = [await freePort(), await freePort()];
    const site = siteHere(fs.readFileSync('deploy/nginx-site.conf', 'utf8'), {
      ports: [portA, portB],
      http: httpPort,
      https: httpsPort,
      cert,
      key,
      staticDir: path.join(siteRoot, 'static'),
      logDir: dir,
    });
    nginx = startNginx(dir, site);
    await nginxListening(nginx, dir);
  });

  afterAll(async () => {
    agent.destroy();
    if (nginx && nginx.exitCode === null) {
      const stopped = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGQUIT');
      await stopped;
    }
    await Promise.all([...instances.values()].map(({ server }) => server.kill('SIGKILL')));
    control?.close();
    await database?.close();
    await gc?.close();
    if (admin) {
      await sql`drop database if exists ${sql.id(databaseName)} with (force)`.execute(admin.db);
      await admin.close();
    }
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a release and a rollback by deploy/release.sh during a flood: no acknowledged lead lost, each delivered once, no 5xx, each visitor counted by the address nginx saw', async () => {
    const started = Date.now();
    const { acknowledged, statuses, serverErrors, transportErrors } = flood;
    flood.on = true;
    const client = async (index: number) => {
      for (let lead = 0; flood.on; lead += 1) {
        // Its schedule: one lead every FLOOD_INTERVAL_MS, the clients spread over the interval.
        const due = started + lead * FLOOD_INTERVAL_MS + (index * FLOOD_INTERVAL_MS) / FLOOD_CLIENTS;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
        if (flood.on) await floodLead();
      }
    };
    const clients = Array.from({ length: FLOOD_CLIENTS }, (_, index) => client(index));
    const servedVersion = async () => (await send('/version.txt', { from: '127.0.0.9' })).body.trim();
    const versionOfEachInstance = () => Promise.all([...instances.keys()].map(async (port) => (await fetch(`http://127.0.0.1:${port}/version.txt`)).text()));
    const leadsAcknowledged = async (what: string) => {
      const mark = acknowledged.size;
      await waitFor(`leads acknowledged ${what}`, async () => acknowledged.size >= mark + LEADS_BETWEEN_STEPS, 60_000);
    };

    const firstRelease = fs.realpathSync(path.join(siteRoot, 'current'));
    try {
      await leadsAcknowledged('before the release');
      // The school commits a change; the release command builds it and restarts the instances one by one.
      fs.writeFileSync(path.join(repository, 'version.txt'), 'second\n');
      gitIn(repository, 'commit', '-qam', 'second');
      const release = await runRelease('release', releaseEnv);
      expect(release.code, release.output).toBe(0);
      expect(await servedVersion()).toBe('second');
      await leadsAcknowledged('after the release');

      const rollback = await runRelease('rollback', releaseEnv);
      expect(rollback.code, rollback.output).toBe(0);
      await leadsAcknowledged('after the rollback');
    } finally {
      flood.on = false;
      await Promise.all([...clients, ...flood.bursts]);
    }
    // The rollback serves the previous build: `current` and both instances are the first release again.
    expect(fs.realpathSync(path.join(siteRoot, 'current'))).toBe(firstRelease);
    expect([...instances.values()].map(({ release }) => release)).toEqual([firstRelease, firstRelease]);
    expect((await versionOfEachInstance()).map((text) => text.trim())).toEqual(['first', 'first']);
    expect(await servedVersion()).toBe('first');
    const floodSeconds = (Date.now() - started) / 1000;

    const nginxSaw = () => [...accessLog().filter((line) => parseLogLine(line).status >= 500), fs.readFileSync(path.join(dir, 'error.log'), 'utf8')].join('\n');
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
    const failedOver = log.filter((line) => parseLogLine(line).upstreams.includes(', ')).length;
    console.log(
      `[deploy test] ${flood.sent} leads through nginx in ${floodSeconds.toFixed(1)} s from ${CLIENT_ADDRESSES.length} addresses, ` +
        `${acknowledged.size} acknowledged (all 200; ${STOP_BURST} sent at each stop), ${leads.length} stored, each delivered once; ${failedOver} requests failed over ` +
        `to the other instance; restarts: ${restarts.join('; ')}.`,
    );
  }, 300_000); // ~50 s on a quiet machine (two rolling restarts, each waiting out nginx's fail_timeout)

  it("the site counts the address nginx saw, not one the client wrote, and nginx's own limits answer 4xx", async () => {
    const { email, body } = leadBody('deploy-spoof');
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

  it('Brotli for a build chunk (made at build time) and for a page when the client accepts it, gzip when it does not', async () => {
    const from = '127.0.0.10';
    const plainPage = await send('/', { from, headers: { 'accept-encoding': 'identity' } });
    expect(plainPage.status).toBe(200);
    expect(plainPage.headers['content-encoding']).toBeUndefined();
    const chunk = /\/_next\/static\/[^"'\s?]+\.js/.exec(plainPage.body)?.[0];
    expect(chunk).toBeDefined();
    // The release copied the build's .br and .gz (scripts/precompress.ts) into the shared static folder.
    const file = path.join(siteRoot, 'static', chunk!.slice('/_next/static/'.length));
    for (const [accept, encoding, suffix] of [
      ['gzip, deflate, br, zstd', 'br', '.br'],
      ['gzip, deflate', 'gzip', '.gz'],
    ] as const) {
      const script = await send(chunk!, { from, headers: { 'accept-encoding': accept } });
      expect(script.status).toBe(200);
      expect(script.headers['content-encoding'], accept).toBe(encoding);
      // The precompressed file itself, sent as it is (brotli_static, gzip_static), not compressed again.
      expect(Number(script.headers['content-length'])).toBe(fs.statSync(`${file}${suffix}`).size);
      expect(script.headers.vary).toMatch(/accept-encoding/i);
      expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const page = await send('/', { from, headers: { 'accept-encoding': accept } });
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['content-encoding'], accept).toBe(encoding);
    }
  });

  it("GetCourse's payment callbacks: a burst of 100 at once all answered, and the secret in no log, nginx's or the site's", async () => {
    // 100 deals the site sent, one lead each, from visitors of their own.
    const leads = CLIENT_ADDRESSES.map((from, index) => ({ from, ...leadBody(`deploy-paid-${index}`) }));
    const posted = await Promise.all(leads.map(({ from, body }) => postLead(from, body)));
    expect(posted.map((answer) => answer.status)).toEqual(leads.map(() => 200));
    const emails = leads.map((lead) => lead.email);
    const deals = await database.db
      .selectFrom('outbox')
      .innerJoin('leads', 'leads.id', 'outbox.lead_id')
      .select(['outbox.deal_number', 'leads.email'])
      .where('leads.email', 'in', emails)
      .execute();
    const numbers = deals.map((deal) => deal.deal_number!);
    expect(numbers).toHaveLength(100);

    // A mass status change in GetCourse: one call a deal, all at once, from one GetCourse address, by
    // either method («Вызвать URL» sends the values in the query for both).
    const getCourse = '127.0.0.30';
    const callbackPath = (number: string) =>
      `/api/getcourse/deal-status?number=${number}&status=payed&cost=5000&paid=5%20000%20%D1%80%D1%83%D0%B1.&secret=${CALLBACK_SECRET}`;
    const answers = await Promise.all(
      numbers.map((number, index) => send(callbackPath(number), { from: getCourse, method: index % 2 === 0 ? 'GET' : 'POST' })),
    );
    // Soft: a refused call is reported together with what the logs hold.
    expect.soft(answers.map((answer) => answer.status)).toEqual(numbers.map(() => 200));
    expect.soft(new Set(answers.map((answer) => answer.body))).toEqual(new Set([JSON.stringify({ ok: true, result: 'changed' })]));
    const paid = await database.db.selectFrom('deals').select(['deal_number', 'status', 'paid_kopecks']).where('deal_number', 'in', numbers).execute();
    expect.soft(paid.filter((deal) => deal.status === 'paid' && Number(deal.paid_kopecks) === 500_000)).toHaveLength(100);

    // nginx writes an error line, request line included, for a body over its limit: not for this location.
    const tooLarge = await send(callbackPath(numbers[0]!), {
      from: getCourse,
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'x'.repeat(40 * 1024),
    });
    expect(tooLarge.status).toBe(413);

    // nginx writes a request's line once it has answered it.
    const callbackLines = () => [...accessLog(), ...accessLog(DEBIAN_ACCESS_LOG)].filter((line) => line.includes('/api/getcourse/deal-status'));
    await waitFor('nginx to log every callback', async () => callbackLines().length === 101, 10_000);
    expect(
      everyLog()
        .filter(([, text]) => text.includes(CALLBACK_SECRET))
        .map(([where]) => where),
    ).toEqual([]);
    // Every call is in the site's access log, by its path alone; Debian's default log (the request line
    // as sent) gets nothing of the site.
    expect(accessLog(DEBIAN_ACCESS_LOG)).toEqual([]);
    const logged = accessLog()
      .map(parseLogLine)
      .filter((line) => line.path === '/api/getcourse/deal-status');
    expect(logged.map((line) => line.status).sort()).toEqual([...numbers.map(() => 200), 413]);
    // Nor any query at all, nor a whole client address (cut to its network).
    expect(accessLog().filter((line) => line.includes('?'))).toEqual([]);
    expect(accessLog().filter((line) => /^127\.0\.[01]\.[1-9]/.test(line))).toEqual([]);
  }, 120_000);

  it("sends exactly one HSTS header, nginx's, on pages, API answers, build files and nginx's own answers", async () => {
    const from = '127.0.0.31';
    const page = await send('/', { from });
    const chunk = /\/_next\/static\/[^"'\s?]+\.js/.exec(page.body)?.[0];
    expect(chunk).toBeDefined();
    const answers = {
      page,
      console: await send('/admin/sign-in', { from }),
      api: await send('/api/health', { from }),
      'build file': await send(chunk!, { from }),
      'missing build file': await send('/_next/static/chunks/no-such-chunk.js', { from }),
      'body too large': await postLead(from, { website: 'x'.repeat(40 * 1024) }),
    };
    expect(answers['missing build file'].status).toBe(404);
    expect(answers['body too large'].status).toBe(413);
    for (const [what, answer] of Object.entries(answers)) {
      const hsts = answer.rawHeaders.filter((_, index) => index % 2 === 0 && answer.rawHeaders[index]!.toLowerCase() === 'strict-transport-security');
      expect(hsts, what).toHaveLength(1);
      expect(answer.headers['strict-transport-security'], what).toBe('max-age=63072000; includeSubDomains');
    }
  });

  it('the site sees the host nginx was asked for, never an X-Forwarded-Host the client wrote', async () => {
    // Another site's page posting a lead and claiming that site as the forwarded host: refused, nothing stored.
    const forged = leadBody('deploy-forged-host');
    const refused = await postLead('127.0.0.32', forged.body, { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' });
    expect(refused.status, refused.body).toBe(403);
    // Our own page with the same forged header: accepted, the site compares with example.ru.
    const own = leadBody('deploy-own-host');
    expect((await postLead('127.0.0.32', own.body, { 'x-forwarded-host': 'evil.example' })).status).toBe(200);
    const stored = await database.db.selectFrom('leads').select('email').where('email', 'in', [forged.email, own.email]).execute();
    expect(stored.map((lead) => lead.email)).toEqual([own.email]);
  });
});
