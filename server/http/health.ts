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
      const health = await (await runtime()).repos.outbox.health(Date.now());
      return Response.json({ db: 'ok', outboxWaiting: health.waiting, oldestWaitingSeconds: health.oldestWaitingSeconds, dead: health.dead }, { headers });
    },
    { unavailable: () => Response.json({ db: 'unreachable' }, { status: 503, headers }) },
  );
}
