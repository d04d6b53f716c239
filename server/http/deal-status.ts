import { callbackSecretMatches } from '../deals/callback-secret';
import { paymentRefusal, type PaymentRefusalReason } from '../rules/payment-plausibility';
import { parseDealCallback } from '../rules/deal-status';
import type { Logger } from '../log';
import type { ServerRuntime } from '../runtime';
import { endpoint } from './endpoint';
import { callbackLogMessages, refusalMessages } from './messages';
import { jsonOk, refuse } from './responses';

/** GetCourse's process blocks fire per deal; a mass status change sends bursts from a few addresses. */
export const DEAL_CALLBACKS_PER_MINUTE = 600;

export type DealStatusRuntime = Pick<ServerRuntime, 'repos' | 'hashKey'> & {
  /** GETCOURSE_CALLBACK_SECRET, or null when it is not set (every call is refused). */
  callbackSecret: string | null;
  log?: Logger;
  now?: () => number;
};

/** The answer's code and field of each reason a report's money is refused for. */
const refusedAnswer: Record<PaymentRefusalReason, { code: 'implausible_paid' | 'paid_above_tariffs' | 'cost_above_tariffs'; field: 'paid' | 'cost' }> = {
  paid_above_cost: { code: 'implausible_paid', field: 'paid' },
  paid_above_tariffs: { code: 'paid_above_tariffs', field: 'paid' },
  cost_above_tariffs: { code: 'cost_above_tariffs', field: 'cost' },
};

/**
 * `GET|POST /api/getcourse/deal-status?number=…&status=…&cost=…&paid=…&secret=…`: GetCourse's «Вызвать
 * URL» block reports a deal's status. Everything is read from the query (GetCourse sends it there for
 * both methods; a body is ignored). A wrong or missing secret: 403 and nothing changes. A malformed field:
 * 400 with a code and the field's name in `path`, logged in Russian without the values. A number the
 * site never sent: 200, kept apart.
 *
 * Money that cannot be right for the deal (server/rules/payment-plausibility.ts: paid above its cost, or its cost
 * or paid amount above the dearest tariff its lead's form and page sell, `cost` given or not) changes
 * nothing and counts nowhere: 400 with the reason's code and field, the report kept apart for the
 * console («Отклонённые оплаты»). A 400, not a 200, so the error shows in the GetCourse process's log,
 * where whoever typed the template looks; GetCourse does not call again on it, and the same call again
 * would get the same answer and only add to the kept report's count.
 */
export const handleDealStatus = endpoint<DealStatusRuntime>({
  name: 'deal-status',
  methods: ['GET', 'POST'],
  rateLimit: { bucket: 'deal-status', perMinute: DEAL_CALLBACKS_PER_MINUTE },
  async handle({ request, runtime: { repos, callbackSecret }, now, log }) {
    const query = new URL(request.url).searchParams;
    if (!callbackSecretMatches(callbackSecret, query.get('secret'))) {
      const code = callbackSecret ? 'forbidden' : 'not_configured';
      log.warn('getcourse.callback_refused', { code, message: callbackSecret ? callbackLogMessages.wrongSecret : callbackLogMessages.noSecret });
      return refuse(403, code);
    }
    const parsed = parseDealCallback(query, now);
    if ('problem' in parsed) {
      const { code, field } = parsed.problem;
      log.warn('getcourse.callback_refused', { code, field, message: refusalMessages[code] });
      return refuse(400, code, { path: field });
    }
    const outcome = await repos.deals.apply(parsed.report, paymentRefusal);
    if (outcome.result === 'refused') {
      const { code, field } = refusedAnswer[outcome.refusal.reason];
      log.warn('getcourse.callback_refused', { code, field, dealNumber: parsed.report.dealNumber, message: callbackLogMessages.refused });
      return refuse(400, code, { path: field });
    }
    if (outcome.result === 'unmatched') {
      log.warn('getcourse.callback_unmatched', { dealNumber: parsed.report.dealNumber, message: callbackLogMessages.unmatched });
    } else {
      log.info('getcourse.callback', { dealNumber: parsed.report.dealNumber, status: parsed.report.gcStatus, result: outcome.result });
    }
    return jsonOk({ ok: true, result: outcome.result });
  },
});
