import fs from 'node:fs';
import os from 'node:os';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/connection';
import { createSqliteDatabase, describeEachDatabase, type TestDatabase } from '../testing/databases';
import { sampleLead } from '../testing/fixtures';
import { deliveryFailed, deliverySent } from '../testing/seed';
import { handleHealth, healthEndpoint } from './health';

const get = () => new Request('http://school.test/api/health');
const unavailable = (db: string) => ({ code: 'db_unavailable', message: 'База данных недоступна', db });

const instance = `${os.hostname()}:${process.pid}`;

describeEachDatabase('delivery health and GET /api/health', (database) => {
  beforeEach(() => database().clear());
  const start = Date.UTC(2026, 10, 23, 9, 0);
  const health = () => handleHealth(get(), async () => ({ repos: database().repos }));

  it('counts waiting, retrying and dead deliveries, the oldest wait and the last success', async () => {
    const { repos } = database();
    expect(await repos.deliveryQueue.health(start)).toEqual({ waiting: 0, retrying: 0, dead: 0, oldestWaitingSeconds: 0, lastSuccessAt: null });
    const ids: number[] = [];
    for (let i = 0; i < 4; i += 1) ids.push((await repos.leads.accept(sampleLead({ createdAt: start + i * 60_000 }), { kind: 'deal', payload: {} })).outboxId!);
    await deliverySent(database(), ids[0]!, start + 90_000);
    await deliveryFailed(database(), ids[1]!, { at: start + 90_000, attempts: 20, retryAt: null });
    await deliveryFailed(database(), ids[2]!, { at: start + 120_000, attempts: 2, retryAt: start + 120_000 });

    expect(await repos.deliveryQueue.health(start + 600_000)).toEqual({
      waiting: 2,
      retrying: 1,
      dead: 1,
      oldestWaitingSeconds: 600 - 120,
      lastSuccessAt: start + 90_000,
    });

    const response = await health();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual([
      'alertsDead',
      'alertsWaiting',
      'db',
      'dead',
      'oldestWaitingSeconds',
      'outboxWaiting',
      'pageServing',
      'reconcileLastFailureAt',
      'reconcileLastSuccessAt',
      'unmatchedDeals',
    ]);
    expect(body).toMatchObject({ db: 'ok', outboxWaiting: 2, dead: 1, unmatchedDeals: 0, reconcileLastSuccessAt: null });
  });

  it('writes this instance’s heartbeat row on every call (one row, upserted) and drops instances silent for a day', async () => {
    const { handle, repos } = database();
    await repos.heartbeats.beat('gone-host:1', Date.now() - 86_400_000 - 60_000, 0);
    await repos.heartbeats.beat('other-host:2', Date.now() - 60_000, 0);
    const rows = () => handle.db.selectFrom('health_heartbeats').select(['instance', 'beat_at']).orderBy('instance').execute();

    const before = Date.now();
    expect((await health()).status).toBe(200);
    const first = await rows();
    expect(first.map((row) => row.instance).sort()).toEqual([instance, 'other-host:2'].sort());
    const beat = Number(first.find((row) => row.instance === instance)!.beat_at);
    expect(beat).toBeGreaterThanOrEqual(before);

    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await health()).status).toBe(200);
    const second = await rows();
    expect(second).toHaveLength(2);
    expect(Number(second.find((row) => row.instance === instance)!.beat_at)).toBeGreaterThan(beat);
  });

  it('answers 503 within its deadline while another connection holds the write lock, and 200 once it is released', async () => {
    const { config } = database();
    let release: () => Promise<void>;
    if (config.dialect === 'sqlite') {
      // Another process's transaction, as `npm run worker` or a restore check would hold it.
      const other = new Database(config.file);
      other.exec('begin immediate');
      release = async () => {
        other.exec('rollback');
        other.close();
      };
    } else {
      const other = await openDatabase(config);
      let unlock!: () => void;
      const unlocked = new Promise<void>((resolve) => (unlock = resolve));
      let locked!: () => void;
      const holding = new Promise<void>((resolve) => (locked = resolve));
      const transaction = other.db.transaction().execute(async (trx) => {
        await sql`lock table health_heartbeats in exclusive mode`.execute(trx);
        locked();
        await unlocked;
      });
      await holding;
      release = async () => {
        unlock();
        await transaction;
        await other.close();
      };
    }
    try {
      // The site's deadline is 3 s; the same endpoint with a shorter one answers the same, sooner.
      const deadlineMs = 300;
      const started = performance.now();
      const response = await healthEndpoint(deadlineMs)(get(), async () => ({ repos: database().repos }));
      const took = performance.now() - started;
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual(unavailable('timeout'));
      expect(took).toBeGreaterThanOrEqual(deadlineMs - 50);
      expect(took).toBeLessThan(deadlineMs + 1000);
    } finally {
      await release();
    }
    expect((await health()).status).toBe(200);
  });
});

describe('GET /api/health and the SQLite file', () => {
  let database: TestDatabase;
  let dispose: () => Promise<void>;
  beforeAll(async () => ({ database, dispose } = await createSqliteDatabase()));
  afterAll(() => dispose());

  it('answers 503 `moved` from the first call after the database file left its path, and ok once it is back', async () => {
    const file = (database.config as { file: string }).file;
    const health = () => handleHealth(get(), async () => ({ repos: database.repos }));
    expect((await health()).status).toBe(200);
    fs.renameSync(file, `${file}.moved`);
    try {
      const response = await health();
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual(unavailable('moved'));
    } finally {
      fs.renameSync(`${file}.moved`, file);
    }
    expect((await health()).status).toBe(200);
  });
});

it('answers 503 when the database cannot be reached', async () => {
  const response = await handleHealth(get(), async () => {
    throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
  });
  expect(response.status).toBe(503);
  expect(await response.json()).toEqual(unavailable('unreachable'));
});
