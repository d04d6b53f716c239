import { consoleLogger, errorKind } from '../log';
import { getServerRuntime, type ServerRuntime } from '../runtime';
import { deliveryHealth } from './delivery-health';

/**
 * `GET /api/health` for a load balancer: 200 with the queue's state while the database answers, 503
 * when it does not. Public, so counts only: no lead, no address, no setting.
 */
export async function healthResponse(runtime: () => Promise<ServerRuntime> = getServerRuntime): Promise<Response> {
  const headers = { 'cache-control': 'no-store' };
  try {
    const health = await deliveryHealth((await runtime()).database);
    return Response.json(
      { db: 'ok', outboxWaiting: health.waiting, oldestWaitingSeconds: health.oldestWaitingSeconds, dead: health.dead },
      { headers },
    );
  } catch (error) {
    consoleLogger.error('health.db_unreachable', { error: errorKind(error) });
    return Response.json({ db: 'unreachable' }, { status: 503, headers });
  }
}
