/**
 * What runs on the server is in the build: the standalone output, copied to a folder outside the
 * checkout (so not one dev dependency, nor `scripts/`, can be found), runs the delivery worker, the gift
 * schedule, backups and the operator list with plain `node cli/<tool>.mjs` against its own SQLite file.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/server/db/connection';
import { migrateToLatest } from '@/server/db/migrate';
import { createRepositories, type Repositories } from '@/server/repositories';
import { sampleLead } from '@/server/testing/fixtures';
import { startFakeGetCourse, type FakeGetCourse } from '@/tests/support/fake-getcourse';
import { assertBuilt, distDir, waitFor } from '@/tests/support/next-server';

describe('the CLI tools of the standalone output', () => {
  let gc: FakeGetCourse;
  let deployed: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    assertBuilt();
    const standalone = path.join(distDir, 'standalone');
    if (!fs.existsSync(path.join(standalone, 'cli', 'worker.mjs'))) {
      throw new Error(`No ${standalone}/cli/worker.mjs: build with NEXT_OUTPUT=standalone and \`npm run build\` (it bundles the CLI tools).`);
    }
    // None of the checkout's ./data rides along (a database marker there would refuse the deployed start).
    expect(fs.existsSync(path.join(standalone, 'data'))).toBe(false);
    deployed = fs.mkdtempSync(path.join(os.tmpdir(), 'school-site-deployed-'));
    fs.cpSync(standalone, deployed, { recursive: true });
    gc = await startFakeGetCourse();
    // Only what a server's environment file holds: no NODE_PATH, nothing pointing back at the checkout.
    env = {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      SQLITE_PATH: path.join(deployed, 'data', 'site.db'),
      ADDRESS_HASH_KEY: 'standalone-cli-test-key-'.repeat(2),
      GETCOURSE_ACCOUNT: 'standalone-test',
      GETCOURSE_API_KEY: 'standalone-test-key',
      GETCOURSE_BASE_URL: gc.url,
      OUTBOX_POLL_MS: '50',
    };
  });

  afterAll(async () => {
    await gc?.close();
    if (deployed) fs.rmSync(deployed, { recursive: true, force: true });
  });

  /** The deployed site's database, migrated as the tools would: each test sets up what it needs, so any runs alone. */
  async function withDatabase<T>(file: string, work: (repos: Repositories) => Promise<T>): Promise<T> {
    const database = await openDatabase({ dialect: 'sqlite', file });
    try {
      await migrateToLatest(database);
      return await work(createRepositories(database));
    } finally {
      await database.close();
    }
  }

  const tool = (name: string, args: string[]) =>
    spawnSync(process.execPath, [`cli/${name}.mjs`, ...args], { cwd: deployed, env, encoding: 'utf8', timeout: 30_000 });

  it('has no dev dependency to lean on', () => {
    for (const devOnly of ['tsx', 'esbuild', 'vitest', 'typescript']) {
      expect(fs.existsSync(path.join(deployed, 'node_modules', devOnly)), devOnly).toBe(false);
    }
    expect(fs.existsSync(path.join(deployed, 'scripts'))).toBe(false);
    expect(path.relative(process.cwd(), deployed).startsWith('..')).toBe(true);
  });

  it('edits and prints the gift schedule (migrating the new database first: the default windows, then ours)', () => {
    const added = tool('schedule', ['add', '3', '2031-01-10T10:00', '2031-01-10T22:00']);
    expect(added.stderr).toBe('');
    expect(added.status).toBe(0);
    const id = /^Добавлено окно #(\d+): подарок 3, /.exec(added.stdout)?.[1];
    expect(id, added.stdout).toBeDefined();
    const listed = tool('schedule', ['list']);
    expect(listed.status).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`^#${id}\tподарок  3\t.+ MSK – .+ MSK\tвпереди$`, 'm'));
  });

  it('the worker delivers a waiting lead to GetCourse and stops cleanly on SIGTERM', async () => {
    const before = await withDatabase(env.SQLITE_PATH!, (repos) => repos.deliveryQueue.countByStatus());
    await withDatabase(env.SQLITE_PATH!, (repos) =>
      repos.leads.accept(sampleLead({ email: 'standalone@example.ru' }), { kind: 'deal', payload: { productTitle: 'Заявка с сайта' } }),
    );

    const worker = spawn(process.execPath, ['cli/worker.mjs'], { cwd: deployed, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    worker.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    worker.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => worker.once('exit', (code) => resolve(code)));
    try {
      await waitFor('the deal at the fake GetCourse', async () => gc.deals().some((deal) => deal.email === 'standalone@example.ru'), 20_000);
      await waitFor('the delivery recorded as sent', async () => output.includes('"event":"deliveries.sent"'), 10_000);
    } finally {
      worker.kill('SIGTERM');
    }
    expect(await exited, output).toBe(0);
    expect(gc.deals().find((deal) => deal.email === 'standalone@example.ru')).toMatchObject({ imports: 1 });
    expect(output).toContain('"event":"deliveries.worker_stopped"');

    const status = tool('worker', ['status']);
    expect(status.status).toBe(0);
    expect(status.stdout).toContain(`pending 0, sending 0, sent ${before.sent + 1}, dead 0`);
  });

  it('backs the database up: the copy opens and holds the same leads as the source', async () => {
    await withDatabase(env.SQLITE_PATH!, (repos) => repos.leads.accept(sampleLead({ email: 'backed-up@example.ru' }), null));
    const source = await withDatabase(env.SQLITE_PATH!, (repos) => repos.leadQueries.list({}, { limit: 1000 }));
    const copy = path.join(deployed, 'backup.db');
    const backup = tool('backup', [copy]);
    expect(backup.stderr).toBe('');
    expect(backup.stdout).toMatch(new RegExp(`^backed up ${source.rows.length} leads to `));
    const copied = await withDatabase(copy, (repos) => repos.leadQueries.list({}, { limit: 1000 }));
    expect(copied.rows).toEqual(source.rows);
    expect(copied.rows.map((row) => row.email)).toContain('backed-up@example.ru');
  });

  it('lists operators', () => {
    const operators = tool('operator', ['list']);
    expect(operators.stderr).toBe('');
    expect(operators.status).toBe(0);
  });
});
