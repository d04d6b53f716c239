import { callbackSecretMatches } from '../deals/callback-secret';
import { callbackProblemMessages, parseDealCallback } from '../deals/status';
import { clientAddress, hashClientAddress } from '../leads/client-address';
import { consoleLogger, type Logger } from '../log';
import type { ServerRuntime } from '../runtime';
import { answer } from './endpoint';
import { rateLimited } from './guards';
import { jsonResponse } from './responses';

/** GetCourse's process blocks fire per deal; a mass status change sends bursts from a few addresses. */
export const DEAL_CALLBACKS_PER_MINUTE = 600;

export interface DealStatusDeps {
  runtime: () => Promise<Pick<ServerRuntime, 'repos' | 'hashKey'>>;
  /** GETCOURSE_CALLBACK_SECRET, or null when it is not set (every call is refused). */
  secret: () => string | null;
  log?: Logger;
  now?: () => number;
}

const refusal = (status: number, code: string, message: string, path = '') => jsonResponse(status, { code, errors: [{ path, message }] });

/**
 * `GET|POST /api/getcourse/deal-status?number=…&status=…&cost=…&paid=…&secret=…`: GetCourse's «Вызвать
 * URL» block reports a deal's status. Everything is read from the query (GetCourse sends it there for
 * both methods; a body is ignored). A wrong or missing secret: 403 and nothing changes. A malformed field:
 * 400 with a code, logged in Russian without the values. A number the site never sent: 200, kept apart.
 */
export function handleDealStatus(request: Request, deps: DealStatusDeps): Promise<Response> {
  const log = deps.log ?? consoleLogger;
  return answer(
    'deal-status',
    async () => {
      const now = deps.now?.() ?? Date.now();
      const { repos, hashKey } = await deps.runtime();
      const address = clientAddress(request.headers);
      const bucket = `deal-status:${address ? hashClientAddress(address, hashKey) : 'unknown'}`;
      const wait = await rateLimited(repos, bucket, DEAL_CALLBACKS_PER_MINUTE, now);
      if (wait !== null) {
        return jsonResponse(429, { code: 'rate_limited', errors: [{ path: '', message: 'Слишком много запросов' }] }, { 'retry-after': String(wait) });
      }
      const query = new URL(request.url).searchParams;
      const secret = deps.secret();
      if (!callbackSecretMatches(secret, query.get('secret'))) {
        const code = secret ? 'forbidden' : 'not_configured';
        log.warn('getcourse.callback_refused', {
          code,
          message: secret ? 'Неверный или отсутствующий секрет в адресе вызова' : 'GETCOURSE_CALLBACK_SECRET не задан: вызовы GetCourse не принимаются',
        });
        return refusal(403, code, 'Доступ запрещён');
      }
      const parsed = parseDealCallback(query, now);
      if ('problem' in parsed) {
        const message = callbackProblemMessages[parsed.problem.code];
        log.warn('getcourse.callback_refused', { code: parsed.problem.code, field: parsed.problem.field, message });
        return refusal(400, parsed.problem.code, message, parsed.problem.field);
      }
      const outcome = await repos.deals.apply(parsed.report);
      if (outcome.result === 'unmatched') {
        log.warn('getcourse.callback_unmatched', { dealNumber: parsed.report.dealNumber, message: 'Сделка с таким номером сайтом не отправлялась: сохранена отдельно' });
      } else {
        log.info('getcourse.callback', { dealNumber: parsed.report.dealNumber, status: parsed.report.gcStatus, result: outcome.result });
      }
      return jsonResponse(200, { ok: true, result: outcome.result });
    },
    { log: () => log },
  );
}
