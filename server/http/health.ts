import type { ServerRuntime } from '../runtime';
import { answer } from './endpoint';

const headers = { 'cache-control': 'no-store' };

/**
 * `GET /api/health` for a load balancer: 200 with the queue's state while the database answers, 503
 * when it does not. Public, so counts only: no lead, no address, no setting.
 */
export function handleHealth(runtime: () => Promise<Pick<ServerRuntime, 'repos'>>): Promise<Response> {
  return answer(
    'health',
    async () => {
      const { repos } = await runtime();
      const health = await repos.outbox.health(Date.now());
      // Issue 27: GetCourse's payment reports the site could not match, and the reconciliation's last runs.
      const unmatchedDeals = await repos.deals.unmatchedCount();
      const reconciliation = await repos.deals.reconciliation();
      // Issue 26: the managers' lead alerts (Telegram, e-mail), a queue of their own.
      const alerts = await repos.outbox.alertHealth();
      return Response.json(
        {
          db: 'ok',
          outboxWaiting: health.waiting,
          oldestWaitingSeconds: health.oldestWaitingSeconds,
          dead: health.dead,
          unmatchedDeals,
          reconcileLastSuccessAt: reconciliation.lastSuccessAt,
          reconcileLastFailureAt: reconciliation.lastFailureAt,
          alertsWaiting: alerts.waiting,
          alertsDead: alerts.dead,
        },
        { headers },
      );
    },
    { unavailable: () => Response.json({ db: 'unreachable' }, { status: 503, headers }) },
  );
}
