import { beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/databases';
import { sampleLead } from '../testing/fixtures';
import { handleHealth } from './health';

describeEachDatabase('delivery health and GET /api/health', (database) => {
  beforeEach(() => database().clear());
  const start = Date.UTC(2026, 10, 23, 9, 0);

  it('counts waiting, retrying and dead deliveries, the oldest wait and the last success', async () => {
    const { repos, handle } = database();
    expect(await repos.outbox.health(start)).toEqual({ waiting: 0, retrying: 0, dead: 0, oldestWaitingSeconds: 0, lastSuccessAt: null });
    const ids: number[] = [];
    for (let i = 0; i < 4; i += 1) ids.push((await repos.leads.accept(sampleLead({ createdAt: start + i * 60_000 }), { kind: 'deal', payload: {} })).leadId);
    await handle.db.updateTable('outbox').set({ status: 'sent', sent_at: start + 90_000 }).where('lead_id', '=', ids[0]!).execute();
    await handle.db.updateTable('outbox').set({ status: 'dead', attempts: 20 }).where('lead_id', '=', ids[1]!).execute();
    await handle.db.updateTable('outbox').set({ attempts: 2 }).where('lead_id', '=', ids[2]!).execute();

    expect(await repos.outbox.health(start + 600_000)).toEqual({
      waiting: 2,
      retrying: 1,
      dead: 1,
      oldestWaitingSeconds: 600 - 120,
      lastSuccessAt: start + 90_000,
    });

    const response = await handleHealth(async () => ({ repos }));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['alertsDead', 'alertsWaiting', 'db', 'dead', 'oldestWaitingSeconds', 'outboxWaiting', 'reconcileLastFailureAt', 'reconcileLastSuccessAt', 'unmatchedDeals']);
    expect(body).toMatchObject({ db: 'ok', outboxWaiting: 2, dead: 1, unmatchedDeals: 0, reconcileLastSuccessAt: null });
  });
});

it('answers 503 when the database cannot be reached', async () => {
  const response = await handleHealth(async () => {
    throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
  });
  expect(response.status).toBe(503);
  expect(await response.json()).toEqual({ db: 'unreachable' });
});
