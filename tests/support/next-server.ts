/**
 * A production server as a child process: `next start`, or the standalone `server.js` that
 * deploy/site@.service runs; the real server, its real instrumentation hook (migrations, the inline
 * outbox worker, the graceful stop) and real route handlers. Loopback only. The one way the system
 * tests, the end-to-end stack (e2e/support/stack.ts) and the benchmarks start a server and wait for it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LEADS_ENDPOINT } from '@/lib/api-contract';

export const distDir = process.env.NEXT_DIST_DIR || '.next';

export function assertBuilt(): void {
  if (!fs.existsSync(path.join(distDir, 'BUILD_ID'))) {
    throw new Error(`No production build in ${distDir}: run \`NEXT_DIST_DIR=${distDir} npx next build\` before the system tests.`);
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface NextServer {
  url: string;
  port: number;
  /** Everything the server printed (its log lines hold ids and statuses only). */
  output(): string;
  kill(signal: NodeJS.Signals): Promise<void>;
  /** How the process ended: its exit code, or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** The standalone server of the build (NEXT_OUTPUT=standalone), as deploy/site@.service runs it. */
export const standaloneServer = path.join(distDir, 'standalone', 'server.js');

/** The environment every system-test server gets: fast polling, no rate limit in the way. */
export function serverEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    NEXT_DIST_DIR: distDir,
    // Answers as an instance behind nginx does, uncompressed (next.config.ts says why).
    NEXT_COMPRESS: 'off',
    DATABASE_URL: '',
    GETCOURSE_ACCOUNT: '',
    OUTBOX_WORKER: 'inline',
    // A lead wakes its worker at once; the poll finds retries and another instance's rows. At 50 ms the
    // three polling workers of every idle server cost more processor than the waits they shortened.
    OUTBOX_POLL_MS: '200',
    // Floods of leads are the point of these tests: no limit in their way, none held back as a flood.
    RATE_LIMIT_PER_MINUTE: '1000000',
    RATE_LIMIT_PER_EMAIL_PER_HOUR: '1000000',
    LEAD_PRESSURE_PER_MINUTE: '1000000',
    LEAD_HOLD_PER_ADDRESS: '1000000',
    LEAD_HOLD_PER_NETWORK: '1000000',
    // A deadline no busy machine reaches: a call that times out after GetCourse took it goes again, and
    // the exactly-once checks would count a slow machine as a duplicate.
    GETCOURSE_TIMEOUT_MS: '10000',
    OUTBOX_RETRY_BASE_MS: '100',
    OUTBOX_MAX_ATTEMPTS: '40',
    // As deployed (deploy/site@.service, `npm start`): SIGTERM is the site's graceful stop.
    NEXT_MANUAL_SIG_HANDLE: 'true',
    ...overrides,
  };
}

/** Ready when the API answers from the database (migrations done in the instrumentation hook). */
const apiAnswers = async (url: string) => (await fetch(`${url}/api/gift-schedule`)).ok;

export interface StartOptions {
  /** When the server counts as started (by default, once the API answers from the database). */
  ready?: (url: string) => Promise<boolean>;
  /** Also print what the server prints (the end-to-end stack, whose log Playwright shows). */
  echo?: boolean;
  /** How long it may take to be ready (60 s). */
  timeoutMs?: number;
  /** The Next.js project folder when it is not the checkout (the benchmarks' bare floor page). */
  dir?: string;
  /** Where to run it: another checkout (a benchmark's base commit) with its own build and node_modules. */
  cwd?: string;
  /**
   * How long an idle connection stays open (Node's 5 s by default). In production nginx closes its idle
   * upstream connections first (4 s, deploy/nginx-site.conf); a client that talks to the instance itself
   * and reuses a connection just as the instance closes it gets ECONNRESET, and a POST is not sent again.
   */
  keepAliveMs?: number;
}

export function startNextServer(port: number, env: NodeJS.ProcessEnv, options: StartOptions | StartOptions['ready'] = {}): Promise<NextServer> {
  const startOptions = typeof options === 'function' ? { ready: options } : options;
  return startServer(
    [
      'node_modules/next/dist/bin/next',
      'start',
      ...(startOptions.dir ? [startOptions.dir] : []),
      '-p',
      String(port),
      '-H',
      '127.0.0.1',
      ...(startOptions.keepAliveMs ? ['--keepAliveTimeout', String(startOptions.keepAliveMs)] : []),
    ],
    port,
    env,
    startOptions,
  );
}

/** Starts a standalone `server.js`: the build's, or `serverJs` of a release folder (the deploy test's releases). */
export function startStandaloneServer(port: number, env: NodeJS.ProcessEnv, serverJs = standaloneServer): Promise<NextServer> {
  if (!fs.existsSync(serverJs)) {
    throw new Error(`No standalone server at ${serverJs}: build with NEXT_OUTPUT=standalone (e2e/support/env.ts does).`);
  }
  // As deploy/site@.service starts it: the request stamp loaded before the server opens its port.
  const requestStamp = path.join(path.dirname(serverJs), 'cli', 'request-stamp.mjs');
  if (!fs.existsSync(requestStamp)) throw new Error(`No ${requestStamp} beside ${serverJs}: \`npm run build\` bundles it (scripts/bundle-cli.ts).`);
  return startServer(['--import', pathToFileURL(requestStamp).href, serverJs], port, { ...env, PORT: String(port), HOSTNAME: '127.0.0.1' });
}

async function startServer(
  args: string[],
  port: number,
  env: NodeJS.ProcessEnv,
  { ready = apiAnswers, echo = false, timeoutMs = 60_000, cwd }: StartOptions = {},
): Promise<NextServer> {
  const child: ChildProcess = spawn(process.execPath, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  // An echoed server runs a whole suite long: it keeps only its latest output for an error message.
  const keep = (chunk: Buffer) => (output = echo ? (output + chunk.toString()).slice(-65_536) : output + chunk.toString());
  child.stdout!.on('data', (chunk: Buffer) => {
    keep(chunk);
    if (echo) process.stdout.write(chunk);
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    keep(chunk);
    if (echo) process.stderr.write(chunk);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${port}`;

  const server: NextServer = {
    url,
    port,
    output: () => output,
    exited,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}:\n${output}`);
    try {
      if (await ready(url)) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.kill('SIGKILL');
      throw new Error(`${args.join(' ')} on ${url} was not ready within ${timeoutMs / 1000} s:\n${output}`);
    }
    // Polled often: a server is ready within a poll, and the cost of a poll is one refused connection.
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Polls `condition` until it holds (every 50 ms by default: a few tens of polls per wait, each one query
 * or one request; a wait ends within 50 ms of its condition rather than 200). A condition that renders
 * pages and waits for seconds (a refresh, a scheduled moment) polls every `everyMs` instead: at 50 ms,
 * the server spent the whole wait rendering pages.
 */
export async function waitFor(what: string, condition: () => Promise<boolean>, timeoutMs: number, everyMs = 50): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

let leadCounter = 0;

/** A valid lead from the contact form; the e-mail identifies it. */
export function leadBody(tag: string) {
  leadCounter += 1;
  const email = `${tag}-${process.pid}-${leadCounter}@example.com`;
  return {
    email,
    body: {
      extra: { utm: { source: 'system-test' }, page_path: '/products/junior-js' },
      form: { id: 'contact' },
      contacts: { name: 'Мария Иванова', email, phone: '+79161234567' },
      website: '',
    },
  };
}

export async function postLead(baseUrl: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; message?: string }> {
  const response = await fetch(`${baseUrl}${LEADS_ENDPOINT}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, ...headers },
    body: JSON.stringify(body),
  });
  const data = (await response.json().catch(() => ({}))) as { message?: string };
  return { status: response.status, message: data.message };
}
