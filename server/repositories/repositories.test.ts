import { sql } from 'kysely';
import { beforeEach, expect, it } from 'vitest';
import { openDatabase } from '../db/connection';
import { dealNumberFor } from '../rules/deal-number';
import { describeEachDatabase } from '../testing/databases';
import { sampleLead } from '../testing/fixtures';
import { createRepositories } from '.';

const lease = { limit: 10, leaseMs: 30_000 };

describeEachDatabase('repositories', (database) => {
  beforeEach(() => database().clear());

  it('stores one lead and one delivery for a key, also for two requests racing on two connections', async () => {
    const { repos, config, handle, dialect } = database();
    // PostgreSQL: a second pool on the same database, as a second instance would have. SQLite is one
    // process's (better-sqlite3 blocks its thread while it waits for a lock), so there the two race on one.
    const otherHandle = dialect === 'postgres' ? await openDatabase(config) : null;
    const other = otherHandle ? createRepositories(otherHandle) : repos;
    try {
      const lead = sampleLead();
      const delivery = { kind: 'deal' as const, payload: { productTitle: 'Заявка' } };
      const key = { key: 'a5b0d3c4-0000-4000-8000-000000000001', requestHash: 'h1' };
      const results = await Promise.all([repos.leads.accept(lead, delivery, key), other.leads.accept(lead, delivery, key)]);
      expect(results.map((r) => r.replayed).sort()).toEqual([false, true]);
      expect(new Set(results.map((r) => r.leadId)).size).toBe(1);
      expect(results.every((r) => r.sameRequest)).toBe(true);
      expect(await handle.db.selectFrom('leads').select('id').execute()).toHaveLength(1);
      expect(await handle.db.selectFrom('outbox').select('id').execute()).toHaveLength(1);

      // The same key with other contents: nothing stored, and told apart.
      const conflict = await repos.leads.accept(sampleLead(), delivery, { ...key, requestHash: 'h2' });
      expect(conflict).toMatchObject({ replayed: true, sameRequest: false, outboxId: null });
      expect(await repos.leads.findByIdempotencyKey(key.key)).toEqual({ id: results[0]!.leadId, requestHash: 'h1' });
      expect(await repos.leads.findByIdempotencyKey('f0000000-0000-4000-8000-000000000000')).toBeUndefined();
      // Requests without a key never collide.
      await repos.leads.accept(sampleLead(), null);
      await repos.leads.accept(sampleLead(), null);
      expect(await handle.db.selectFrom('leads').select('id').execute()).toHaveLength(3);
    } finally {
      await otherHandle?.close();
    }
  });

  it('stores a lead and its deal delivery together, numbered from the lead id', async () => {
    const { repos } = database();
    const lead = sampleLead({ googleClientId: '123.456' });
    const { leadId, outboxId } = await repos.leads.accept(lead, { kind: 'deal', payload: { productTitle: 'Заявка' } });
    expect(outboxId).not.toBeNull();
    expect(await repos.leads.findLead(leadId)).toEqual({ ...lead, id: leadId });
    const [row] = await repos.deliveryQueue.forLead(leadId);
    expect(row).toMatchObject({ kind: 'deal', status: 'pending', attempts: 0, dealNumber: dealNumberFor(await repos.settings.dealNumberPrefix(), leadId) });
  });

  it('stores neither the lead nor its delivery when the transaction fails half-way', async () => {
    const { repos, handle } = database();
    // A payload that cannot be serialised fails after the lead row was inserted.
    await expect(repos.leads.accept(sampleLead(), { kind: 'deal', payload: { broken: BigInt(1) } })).rejects.toThrow();
    expect(await handle.db.selectFrom('leads').selectAll().execute()).toEqual([]);
    expect(await handle.db.selectFrom('outbox').selectAll().execute()).toEqual([]);
  });

  it('stores a lead without a delivery (browser-delivered or spam)', async () => {
    const { repos } = database();
    const { leadId, outboxId } = await repos.leads.accept(sampleLead({ deliveryMode: 'browser' }), null);
    expect(outboxId).toBeNull();
    expect(await repos.deliveryQueue.forLead(leadId)).toEqual([]);
  });

  it('claims only due rows, each once, and hands expired claims to the next worker', async () => {
    const { repos } = database();
    const first = await repos.leads.accept(sampleLead(), { kind: 'deal', payload: {} });
    const second = await repos.leads.accept(sampleLead(), { kind: 'deal', payload: {} });
    const now = Date.now();

    const claimed = await repos.deliveryQueue.claimDue({ now, ...lease });
    expect(claimed.map((c) => c.id)).toEqual([first.outboxId, second.outboxId]);
    expect(claimed.every((c) => c.attempts === 1)).toBe(true);
    expect(await repos.deliveryQueue.claimDue({ now, ...lease })).toEqual([]);

    // The first worker dies; after the lease the rows are due again, with the attempt counted.
    const retaken = await repos.deliveryQueue.claimDue({ now: now + lease.leaseMs + 1, ...lease });
    expect(retaken.map((c) => c.attempts)).toEqual([2, 2]);
    // The dead worker's late answer is not recorded over the new claim.
    expect(await repos.deliveryQueue.markSent(claimed[0]!, now)).toBe(false);
    expect(await repos.deliveryQueue.markSent(retaken[0]!, now)).toBe(true);
    expect(await repos.deliveryQueue.countByStatus()).toMatchObject({ sent: 1, sending: 1 });
  });

  it('puts a failed delivery back with a retry time, or marks it dead and keeps it', async () => {
    const { repos } = database();
    await repos.leads.accept(sampleLead(), { kind: 'deal', payload: {} });
    await repos.leads.accept(sampleLead(), { kind: 'deal', payload: {} });
    const now = Date.now();
    const [retried, dead] = await repos.deliveryQueue.claimDue({ now, ...lease });
    expect(await repos.deliveryQueue.markFailed(retried!, { code: 'http_5xx', detail: '502', retryAt: now + 5000 }, now)).toBe(true);
    expect(await repos.deliveryQueue.markFailed(dead!, { code: 'http_5xx', detail: '502', retryAt: null }, now)).toBe(true);

    expect(await repos.deliveryQueue.claimDue({ now: now + 4999, ...lease })).toEqual([]);
    expect((await repos.deliveryQueue.claimDue({ now: now + 5000, ...lease })).map((c) => c.id)).toEqual([retried!.id]);
    const [deadRow] = await repos.deliveryQueue.list({ status: 'dead' });
    expect(deadRow).toMatchObject({ id: dead!.id, lastError: { code: 'http_5xx', detail: '502' }, attempts: 1 });

    expect(await repos.deliveryQueue.requeueDead(now)).toBe(1);
    expect(await repos.deliveryQueue.countByStatus()).toEqual({ pending: 1, sending: 1, sent: 0, dead: 0, withheld: 0 });
  });

  it('never gives one row to two workers claiming at the same time', async () => {
    const { repos, config } = database();
    for (let i = 0; i < 40; i++) await repos.leads.accept(sampleLead(), { kind: 'deal', payload: {} });
    // A second connection (pool), as a second instance of the site would have.
    const other = await openDatabase(config);
    try {
      const otherRepos = createRepositories(other);
      const now = Date.now();
      const claims = await Promise.all(
        Array.from({ length: 8 }, (_, i) => (i % 2 ? otherRepos : repos).deliveryQueue.claimDue({ now, limit: 7, leaseMs: 30_000 })),
      );
      const ids = claims.flat().map((c) => c.id);
      expect(ids).toHaveLength(40);
      expect(new Set(ids).size).toBe(40);
    } finally {
      await other.close();
    }
  });

  it('counts rate-limit hits atomically across connections, per bucket and window', async () => {
    const { repos, config } = database();
    const other = await openDatabase(config);
    try {
      const otherRepos = createRepositories(other);
      const hits = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? otherRepos : repos).rateLimit.hit('a', 60_000)));
      expect([...hits].sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    } finally {
      await other.close();
    }
    expect(await repos.rateLimit.hit('b', 60_000)).toBe(1);
    expect(await repos.rateLimit.hit('a', 120_000)).toBe(1);
    expect(await repos.rateLimit.pruneBefore(120_000)).toBe(2);
    expect(await repos.rateLimit.hit('a', 60_000)).toBe(1);
  });

  it('prunes old counters through an index on the window, not by reading the whole table', async () => {
    const { handle, dialect } = database();
    if (dialect === 'sqlite') {
      const plan = await sql<{ detail: string }>`explain query plan delete from rate_limit_counters where window_start < ${1}`.execute(handle.db);
      expect(plan.rows.map((row) => row.detail).join(' ')).toMatch(/USING (COVERING )?INDEX rate_limit_counters_window_start/);
    } else {
      const indexes = await sql<{
        indexdef: string;
      }>`select indexdef from pg_indexes where tablename = 'rate_limit_counters' and schemaname = current_schema()`.execute(handle.db);
      expect(indexes.rows.map((row) => row.indexdef).join(' ')).toMatch(/rate_limit_counters_window_start ON \S+ USING btree \(window_start\)/);
    }
  });

  it('keeps gift windows sorted and refuses invalid or overlapping ones', async () => {
    const { repos } = database();
    const now = Date.now();
    const late = await repos.giftSchedule.add({ giftNumber: 2, startTimestamp: 5000, endTimestamp: 6000 }, now);
    const early = await repos.giftSchedule.add({ giftNumber: 13, startTimestamp: 1000, endTimestamp: 2000 }, now);
    expect('id' in late && 'id' in early).toBe(true);
    expect(await repos.giftSchedule.add({ giftNumber: 3, startTimestamp: 1500, endTimestamp: 2500 }, now)).toEqual({
      problem: { code: 'overlap', with: { giftNumber: 13, startTimestamp: 1000, endTimestamp: 2000 } },
    });
    expect(await repos.giftSchedule.add({ giftNumber: 14, startTimestamp: 3000, endTimestamp: 4000 }, now)).toEqual({
      problem: { code: 'gift-number', first: 1, last: 13 },
    });
    expect(await repos.giftSchedule.add({ giftNumber: 4, startTimestamp: 4000, endTimestamp: 3000 }, now)).toEqual({
      problem: { code: 'start-not-before-end' },
    });
    // Touching windows are fine: one ends as the next begins.
    expect('id' in (await repos.giftSchedule.add({ giftNumber: 4, startTimestamp: 2000, endTimestamp: 5000 }, now))).toBe(true);
    expect((await repos.giftSchedule.list()).map((w) => w.giftNumber)).toEqual([13, 4, 2]);
    expect(await repos.giftSchedule.remove('id' in early ? early.id : -1)).toBe(true);
    expect(await repos.giftSchedule.remove(999_999)).toBe(false);
    expect((await repos.giftSchedule.list()).map((w) => w.giftNumber)).toEqual([4, 2]);
  });
});
