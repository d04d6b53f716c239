/**
 * SIGTERM, as systemd sends it to stop an instance (deploy/site@.service) or the worker
 * (deploy/worker.service): the process stops taking connections, answers the request in flight, lets
 * the delivery it holds finish, exits 0; the delivery reaches GetCourse once. GetCourse is the fake in
 * `hold` mode, so a delivery is under way for as long as the test wants.
 */
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '@/server/db/connection';
import { distDir, freePort, leadBody, postLead, serverEnv, startStandaloneServer, waitFor, type NextServer } from '@/tests/support/next-server';
import { systemSuite } from './support/suite';

const suite = systemSuite('graceful');

function env(file: string, overrides: Record<string, string> = {}) {
  return serverEnv({
    SQLITE_PATH: file,
    // In the suite's folder: the standalone server runs in the build's folder, whose ./data is never written.
    ADDRESS_HASH_KEY_FILE: `${suite.dir}/address-hash.key`,
    GETCOURSE_API_KEY: 'system-key',
    GETCOURSE_BASE_URL: suite.gc.url,
    // A held call must not time out while the test holds it.
    GETCOURSE_TIMEOUT_MS: '20000',
    ...overrides,
  });
}

async function start(port: number, environment: NodeJS.ProcessEnv): Promise<NextServer> {
  const server = await startStandaloneServer(port, environment);
  suite.servers.push(server);
  return server;
}

async function outbox(file: string) {
  const database: DatabaseHandle = await openDatabase({ dialect: 'sqlite', file });
  try {
    return await database.db
      .selectFrom('outbox')
      .innerJoin('leads', 'leads.id', 'outbox.lead_id')
      .select(['leads.email', 'outbox.status', 'outbox.deal_number'])
      .execute();
  } finally {
    await database.close();
  }
}

/** GetCourse's imports of the deal for this e-mail (the fake's account: one deal a number, counted per import). */
function importsFor(email: string): number[] {
  return suite.gc
    .deals()
    .filter((deal) => deal.email === email)
    .map((deal) => deal.imports);
}

/**
 * A POST whose body has not arrived: sent with `Expect: 100-continue`, so once the server answers
 * "100 Continue" it holds the request, in flight, until `finish()` sends the body.
 */
async function postInFlight(port: number, body: unknown): Promise<{ finish(): Promise<string> }> {
  const payload = Buffer.from(JSON.stringify(body));
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString('utf8')));
  const ended = new Promise<string>((resolve, reject) => {
    socket.on('end', () => resolve(received));
    socket.on('error', reject);
  });
  socket.write(
    `POST /api/leads HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${payload.length}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
  );
  await waitFor('100 Continue', async () => received.startsWith('HTTP/1.1 100 Continue'), 10_000);
  return {
    finish() {
      socket.write(payload);
      return ended;
    },
  };
}

describe('SIGTERM during a delivery', () => {
  it('the web instance answers the request in flight, finishes the delivery, exits 0, and GetCourse gets the deal once', async () => {
    const file = path.join(suite.dir, 'web.db');
    const port = await freePort();
    const server = await start(port, env(file));

    suite.gc.setMode('hold');
    const held = leadBody('graceful-held');
    expect(await postLead(server.url, held.body)).toEqual({ status: 200, message: 'Заявка принята' });
    await waitFor('the delivery to be under way', async () => suite.gc.received().some((call) => call.outcome === 'hold'), 20_000);
    const inFlight = leadBody('graceful-in-flight');
    const request = await postInFlight(port, inFlight.body);

    let exited = false;
    void server.exited.then(() => (exited = true));
    void server.kill('SIGTERM');
    await waitFor('the stop to begin', async () => server.output().includes('"event":"process.stopping"'), 10_000);
    // No new connection is taken...
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
    // ...the request in flight is answered...
    expect(await request.finish()).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 /);
    // ...and the process waits for the delivery it holds.
    expect(exited).toBe(false);
    expect(suite.gc.release()).toBe(1);
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain('"event":"process.stopped"');

    const rows = await outbox(file);
    expect(rows.find((row) => row.email === held.email)?.status).toBe('sent');
    // The lead that came in during the stop waits for the next start; nobody claimed it.
    expect(rows.find((row) => row.email === inFlight.email)?.status).toBe('pending');

    suite.gc.setMode('success');
    const restarted = await start(port, env(file));
    await waitFor('the waiting lead to be delivered', async () => (await outbox(file)).every((row) => row.status === 'sent'), 30_000);
    expect(importsFor(held.email)).toEqual([1]);
    expect(importsFor(inFlight.email)).toEqual([1]);

    // Idle, it stops at once, also with 0.
    await restarted.kill('SIGTERM');
    expect(await restarted.exited).toEqual({ code: 0, signal: null });
  });

  it('the worker (cli/worker.mjs of the standalone build, as deploy/worker.service runs it) finishes the delivery it holds and exits 0', async () => {
    const file = path.join(suite.dir, 'worker.db');
    const web = await start(await freePort(), env(file, { OUTBOX_WORKER: 'off' }));
    const lead = leadBody('graceful-worker');
    expect(await postLead(web.url, lead.body)).toEqual({ status: 200, message: 'Заявка принята' });

    suite.gc.setMode('hold');
    const worker = spawn(process.execPath, [path.join(distDir, 'standalone', 'cli', 'worker.mjs')], { env: env(file), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    worker.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    worker.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      worker.once('exit', (code, signal) => resolve({ code, signal })),
    );
    try {
      await waitFor(
        'the worker to hold the delivery',
        async () => suite.gc.received().some((call) => call.outcome === 'hold' && JSON.stringify(call.params).includes(lead.email)),
        30_000,
      );
      worker.kill('SIGTERM');
      await waitFor('the stop to begin', async () => output.includes('"event":"process.stopping"'), 10_000);
      expect(worker.exitCode).toBeNull();
      expect(suite.gc.release()).toBe(1);
      expect(await exited).toEqual({ code: 0, signal: null });
    } finally {
      worker.kill('SIGKILL');
    }
    expect(output).toContain('"event":"process.stopped"');
    expect((await outbox(file)).find((row) => row.email === lead.email)?.status).toBe('sent');
    expect(importsFor(lead.email)).toEqual([1]);
  });
});
