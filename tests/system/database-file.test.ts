/**
 * The SQLite file moved or deleted under a running server while leads stream in: every lead answered
 * 200 is in the database after the restart, the others were refused with the 503 the forms retry (and
 * go in when retried with their key), health is 503 from the first call after the move, the restart
 * refuses to make a new empty database, and the file put back (or the rescue copy restored) holds every
 * acknowledged lead. Deleted together with its marker, the rescue copy beside the path still stops the
 * restart (and the tools) from making a new empty database. Also, while another process holds the write
 * lock: health is 503 within its deadline, and each lead is answered 503 within the lock wait the docs promise.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '@/server/db/connection';
import { LOCK_WAIT_MS } from '@/server/db/sqlite-lock-wait';
import { HEALTH_DEADLINE_MS } from '@/server/http/health';
import { refusalMessages } from '@/server/http/messages';
import { freePort, leadBody, serverEnv, startNextServer, waitFor, type NextServer } from '@/tests/support/next-server';
import { systemSuite, type SystemSuite } from './support/suite';

const CLIENTS = 4;

interface Lead {
  email: string;
  key: string;
  body: unknown;
}

async function post(url: string, lead: Lead): Promise<number> {
  const response = await fetch(`${url}/api/leads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, 'idempotency-key': lead.key },
    body: JSON.stringify(lead.body),
  });
  const data = (await response.json()) as unknown;
  if (response.status === 503) {
    // The answer the forms already retry: the shared "unavailable" JSON with Retry-After.
    expect(data).toEqual({ code: 'unavailable', message: refusalMessages.unavailable });
    expect(response.headers.get('retry-after')).toBe('30');
  } else {
    expect(response.status, JSON.stringify(data)).toBe(200);
  }
  return response.status;
}

/** A steady stream of leads from a few clients until `stop()`: which were answered 200 and which 503. */
function leadStream(url: string, tag: string) {
  const acknowledged: Lead[] = [];
  const refused: Lead[] = [];
  let stopped = false;
  const client = async () => {
    while (!stopped) {
      const { email, body } = leadBody(tag);
      const lead = { email, body, key: randomUUID() };
      ((await post(url, lead)) === 200 ? acknowledged : refused).push(lead);
    }
  };
  const clients = Promise.all(Array.from({ length: CLIENTS }, client));
  return {
    acknowledged,
    refused,
    async stop() {
      stopped = true;
      await clients;
    },
  };
}

async function health(url: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${url}/api/health`);
  return { status: response.status, body: await response.json() };
}

/** The server's JSON log lines of `event`. */
function logged(server: NextServer, event: string): Record<string, unknown>[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.includes(`"event":"${event}"`))
    .map((line) => JSON.parse(line.slice(line.indexOf('{'))) as Record<string, unknown>);
}

/** One of the server's tools (`npm run <name> -- <args>`), run as the checkout runs it, against the server's database. */
const tool = (name: string, args: string[], env: NodeJS.ProcessEnv) =>
  spawnSync(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], { env: { ...env, NODE_ENV: 'production' }, encoding: 'utf8' });

/** What a refused start says when the marker is there and the database is not. */
const markerAdvice = (file: string) => `The SQLite database ${file} is missing, but ${file}.marker says the site kept its database there.`;

/** A start that must refuse: the server listens, the database stays shut, and it says why (`advice`, on stderr at level error). */
async function startRefused(suite: SystemSuite, port: number, env: NodeJS.ProcessEnv, file: string, advice: string): Promise<NextServer> {
  const server = await startNextServer(port, env, async (url) => (await health(url)).status === 503);
  suite.servers.push(server);
  await waitFor('the refusal in the log', async () => logged(server, 'server.start_failed').length > 0, 30_000);
  const refusal = logged(server, 'server.start_failed')[0]!;
  expect(refusal.level).toBe('error');
  expect(String(refusal.advice)).toContain(advice);
  const { email, body } = leadBody('while-refused');
  expect(await post(server.url, { email, body, key: randomUUID() })).toBe(503);
  // No new, empty database was made in its place.
  expect(fs.existsSync(file)).toBe(false);
  await server.kill('SIGTERM');
  return server;
}

/** After the restart: every acknowledged lead once, with its delivery; the refused ones, retried with their keys, go in once too. */
async function expectEveryLead(server: NextServer, file: string, acknowledged: Lead[], refused: Lead[]): Promise<void> {
  for (const lead of refused) expect(await post(server.url, lead)).toBe(200);
  const database = await openDatabase({ dialect: 'sqlite', file });
  try {
    const rows = await database.db
      .selectFrom('leads')
      .leftJoin('outbox', 'outbox.lead_id', 'leads.id')
      .select(['leads.email', 'outbox.id as delivery'])
      .where(
        'leads.email',
        'in',
        [...acknowledged, ...refused].map((lead) => lead.email),
      )
      .execute();
    const stored = new Map<string, number>();
    for (const row of rows) {
      expect(row.delivery, row.email).not.toBeNull();
      stored.set(row.email, (stored.get(row.email) ?? 0) + 1);
    }
    for (const lead of [...acknowledged, ...refused]) expect(stored.get(lead.email), lead.email).toBe(1);
  } finally {
    await database.close();
  }
  expect((await health(server.url)).status).toBe(200);
}

describe('the SQLite file moved under a running server', () => {
  const suite = systemSuite('database-file');

  async function start(name: string) {
    const port = await freePort();
    const file = path.join(suite.dir, name, 'site.db');
    const env = serverEnv({ SQLITE_PATH: file, GETCOURSE_API_KEY: 'system-key', GETCOURSE_BASE_URL: suite.gc.url });
    const server = await startNextServer(port, env);
    suite.servers.push(server);
    return { port, file, env, server };
  }

  /** Leads stream in; the file goes (`move`); health says so at once, leads are refused; the stream stops. */
  async function moveUnderStream(server: NextServer, move: () => void) {
    const stream = leadStream(server.url, 'moved');
    await waitFor('acknowledged leads', async () => stream.acknowledged.length >= 30, 60_000);
    move();
    expect(await health(server.url)).toEqual({ status: 503, body: { code: 'db_unavailable', message: refusalMessages.db_unavailable, db: 'moved' } });
    const acknowledgedAtMove = stream.acknowledged.length;
    await waitFor('refused leads', async () => stream.refused.length >= 10, 60_000);
    await stream.stop();
    // Only a lead already past its commit when the file went could still be answered 200.
    expect(stream.acknowledged.length - acknowledgedAtMove).toBeLessThanOrEqual(CLIENTS);
    expect((await health(server.url)).status).toBe(503);
    await waitFor('the rescue copy', async () => logged(server, 'db.file_rescued').length > 0, 30_000);
    const moved = logged(server, 'db.file_moved');
    expect(moved).toHaveLength(1);
    // Logged without personal data: no e-mail, no name of any lead.
    expect(server.output()).not.toMatch(/@example\.com|Мария/);
    return { ...stream, copy: String(logged(server, 'db.file_rescued')[0]!.copy) };
  }

  it('renamed: refused from the first lead after it; the restart refuses to make an empty database; put back, it holds every acknowledged lead', async () => {
    const { port, file, env, server } = await start('renamed');
    const { acknowledged, refused } = await moveUnderStream(server, () => fs.renameSync(file, `${file}.moved`));
    expect((await server.kill('SIGTERM'), await server.exited)).toEqual({ code: 0, signal: null });

    await startRefused(suite, port, env, file, markerAdvice(file));

    fs.renameSync(`${file}.moved`, file);
    const restarted = await startNextServer(port, env);
    suite.servers.push(restarted);
    await expectEveryLead(restarted, file, acknowledged, refused);
    console.log(`[database-file] renamed: ${acknowledged.length} leads acknowledged, ${refused.length} refused with 503 and stored when retried`);
  });

  it('deleted (and the server then killed): the rescue copy, put in place by `npm run restore`, holds every acknowledged lead', async () => {
    const { port, file, env, server } = await start('deleted');
    const { acknowledged, refused, copy } = await moveUnderStream(server, () => fs.rmSync(file));
    await server.kill('SIGKILL');
    // The killed server's -wal is still at the path; the restore sets it aside with the rest.
    expect(fs.existsSync(`${file}-wal`)).toBe(true);

    await startRefused(suite, port, env, file, markerAdvice(file));

    const restore = tool('restore', [copy], env);
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);
    // Every acknowledged lead, and perhaps one committed just as the file went and answered 503.
    const restored = new RegExp(`^restored (\\d+) leads into ${file}\\n`).exec(restore.stdout);
    expect(Number(restored?.[1]), restore.stdout).toBeGreaterThanOrEqual(acknowledged.length);
    const restarted = await startNextServer(port, env);
    suite.servers.push(restarted);
    await expectEveryLead(restarted, file, acknowledged, refused);
    console.log(
      `[database-file] deleted: ${acknowledged.length} leads acknowledged and restored from ${path.basename(copy)}, ${refused.length} refused with 503`,
    );
  });

  it('deleted together with its marker (and, with the server stopped, its -wal): the restart and the tools refuse while the rescue copy lies beside the path, naming it and the restore', async () => {
    const { port, file, env, server } = await start('deleted-with-marker');
    const { acknowledged, refused, copy } = await moveUnderStream(server, () => {
      fs.rmSync(file);
      fs.rmSync(`${file}.marker`);
    });
    expect((await server.kill('SIGTERM'), await server.exited)).toEqual({ code: 0, signal: null });
    // And whatever else was left of it: nothing but the copy says a database was here.
    for (const suffix of ['-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
    expect(fs.readdirSync(path.dirname(file)).filter((name) => name.startsWith('site.db'))).toEqual([path.basename(copy)]);

    const advice = `The SQLite database ${file} is missing, but ${copy} lies beside it`;
    const refusedStart = await startRefused(suite, port, env, file, advice);
    const restoreCommand = `npm run restore -- ${copy}`;
    expect(String(logged(refusedStart, 'server.start_failed')[0]!.advice)).toContain(restoreCommand);
    // A tool opens the database as the site does: it refuses too, on stderr, and makes nothing.
    const worker = tool('worker', ['status'], env);
    expect(worker.status).toBe(1);
    expect(worker.stdout).toBe('');
    expect(worker.stderr).toContain(advice);
    expect(worker.stderr).toContain(restoreCommand);
    expect(fs.existsSync(file)).toBe(false);

    const restore = tool('restore', [copy], env);
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);
    const restarted = await startNextServer(port, env);
    suite.servers.push(restarted);
    await expectEveryLead(restarted, file, acknowledged, refused);
    console.log(
      `[database-file] deleted with its marker: the start and \`npm run worker\` refused; ${acknowledged.length} leads restored from ${path.basename(copy)}`,
    );
  });

  /** The two write-lock tests share a server: each lock is released before its test ends. */
  let locked: Promise<Awaited<ReturnType<typeof start>>> | undefined;
  const lockedServer = () => (locked ??= start('locked'));

  it(`leads under another process's write lock are answered within ${LOCK_WAIT_MS / 1000} s each (503, Retry-After), however many wait together; retried, each is stored once`, async () => {
    const { file, server } = await lockedServer();
    expect((await health(server.url)).status).toBe(200);
    const leads = Array.from({ length: 3 }, () => ({ ...leadBody('locked'), key: randomUUID() }));
    const other = new Database(file);
    let waits: number[];
    try {
      other.exec('begin immediate');
      waits = await Promise.all(
        leads.map(async (lead) => {
          const started = performance.now();
          expect(await post(server.url, lead)).toBe(503);
          return performance.now() - started;
        }),
      );
      other.exec('rollback');
    } finally {
      other.close();
    }
    console.log(`[database-file] 3 leads at once under a foreign write lock: answered 503 after ${waits.map((ms) => (ms / 1000).toFixed(1)).join(', ')} s`);
    // The documented bound (docs/operations.md), with room for a busy machine's answer on top.
    for (const wait of waits) expect(wait).toBeLessThan(LOCK_WAIT_MS + 1500);
    await expectEveryLead(server, file, [], leads);
  });

  it('health answers 503 within its deadline while another process holds the write lock, and 200 after', async () => {
    const { file, server } = await lockedServer();
    expect((await health(server.url)).status).toBe(200);
    const other = new Database(file);
    try {
      other.exec('begin immediate');
      const started = performance.now();
      expect(await health(server.url)).toEqual({ status: 503, body: { code: 'db_unavailable', message: refusalMessages.db_unavailable, db: 'timeout' } });
      expect(performance.now() - started).toBeLessThan(HEALTH_DEADLINE_MS + 1500);
      other.exec('rollback');
    } finally {
      other.close();
    }
    expect((await health(server.url)).status).toBe(200);
  });
});
