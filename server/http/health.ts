import os from 'node:os';
import { isDatabaseFileMoved } from '../db/database-file';
import { pageServing } from '../live-content/self-check';
import type { Repositories } from '../repositories';
import type { ServerRuntime } from '../runtime';
import { endpoint } from './endpoint';
import { jsonOk, refuse } from './responses';

/** A health check answers within this, ok or not: under a load balancer's usual 5 s timeout. */
export const HEALTH_DEADLINE_MS = 3000;

/** This process's heartbeat row: one per host and process. */
const INSTANCE = `${os.hostname()}:${process.pid}`;
const DAY_MS = 86_400_000;

/**
 * `GET /api/health` for a load balancer: 200 with the queue's state once a heartbeat row was written
 * and read back (so the database takes writes, as a lead needs, not only reads) within `deadlineMs`
 * (HEALTH_DEADLINE_MS on the site; a test of the deadline passes a shorter one); 503
 * `{ code: "db_unavailable", message, db }` when it was not, where `db` says `moved` (the SQLite file
 * this process has open is no longer at its path), `timeout` (e.g. another process holds SQLite's write
 * lock) or `unreachable`. `pageServing` is the start-up self-check's result (server/live-content/self-check.ts):
 * `checking`, `ok`, or `broken` when tested pages and pages with the console's content cannot be served.
 * Public, so counts only: no lead, no address, no setting.
 */
export function healthEndpoint(deadlineMs = HEALTH_DEADLINE_MS) {
  return endpoint<Pick<ServerRuntime, 'repos'>>({
    name: 'health',
    methods: ['GET'],
    deadlineMs,
    async handle({ runtime: { repos }, now }) {
      await heartbeat(repos);
      const health = await repos.deliveryQueue.health(now);
      // GetCourse's payment reports the site could not match, and the reconciliation's last runs.
      const unmatchedDeals = await repos.dealUnmatchedCallbacks.count();
      const reconciliation = await repos.dealReconciliation.state();
      // The managers' lead alerts (Telegram, e-mail), a queue of their own.
      const alerts = await repos.alertQueue.health(now);
      return jsonOk({
        db: 'ok',
        outboxWaiting: health.waiting,
        oldestWaitingSeconds: health.oldestWaitingSeconds,
        dead: health.dead,
        unmatchedDeals,
        reconcileLastSuccessAt: reconciliation.lastSuccessAt,
        reconcileLastFailureAt: reconciliation.lastFailureAt,
        alertsWaiting: alerts.waiting,
        alertsDead: alerts.dead,
        pageServing: pageServing(),
      });
    },
    unavailable: (error) => refuse(503, 'db_unavailable', { details: { db: unavailableState(error) } }),
  });
}

export const handleHealth = healthEndpoint();

/** Writes this instance's heartbeat and reads it back; throws when the row read is not (at least) the one written. */
async function heartbeat(repos: Pick<Repositories, 'heartbeats'>): Promise<void> {
  const beatAt = Date.now();
  await repos.heartbeats.beat(INSTANCE, beatAt, beatAt - DAY_MS);
  const stored = await repos.heartbeats.lastBeat(INSTANCE);
  if (stored === null || stored < beatAt) throw new Error('the heartbeat written was not read back');
}

function unavailableState(error: unknown): 'moved' | 'timeout' | 'unreachable' {
  if (isDatabaseFileMoved(error)) return 'moved';
  return (error as { code?: unknown } | null)?.code === 'DEADLINE_EXCEEDED' ? 'timeout' : 'unreachable';
}
