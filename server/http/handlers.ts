import { giftPrices } from '@/content/gift-offer-prices';
import { freshLiveContent } from '../live-content/live';
import type { ServedGiftWindow } from '@/lib/api-contract';
import { SERVER_TIME_HEADER } from '@/lib/server-clock';
import type { ServerConfig } from '../config';
import { acceptIds, acceptLead, type AcceptContext, type AcceptOutcome } from '../leads/accept';
import type { Logger } from '../log';
import { leadMetrics, type LeadRoute, type RefusalReason } from '../ops/metrics';
import type { Repositories } from '../repositories';
import { trafficClient } from '../traffic/caps';
import { endpoint, type EndpointContext } from './endpoint';
import { idempotencyKeyOf } from './idempotency-key';
import { admitLead } from './lead-admission';
import { acceptedMessages, type RefusalCode } from './messages';
import { jsonOk, refuse, type Refusal } from './responses';

/** What the public endpoints need from the running server; tests build one over a test database. */
export interface ApiRuntime {
  config: Pick<ServerConfig, 'limits' | 'siteOrigin'> & Partial<Pick<ServerConfig, 'alerts'>>;
  /** The key of the client-address and e-mail hashes (never stored in the database). */
  hashKey: string;
  repos: Repositories;
  /** Called after a delivery was queued: the in-process worker sends it without waiting for its poll. */
  onQueued(): void;
  log?: Logger;
  now?: () => number;
}

/** `POST /api/getcourse/orders` (the spec's path) and `POST /api/leads`: 200 `{ message }` once the lead and its delivery are stored. */
export const handleLeads = leadEndpoint('leads', acceptLead, { message: acceptedMessages.lead });

/** `POST /api/getcourse/ids` (the spec's path) and `POST /api/leads/ids`: 200 `{ msg }` (the ids travel with the lead; nothing is stored here). */
export const handleIds = leadEndpoint('ids', acceptIds, { msg: acceptedMessages.ids });

/** The lead API's refusals by the reason its metrics count them under; any other code is `invalid`. */
const refusalReasons: Partial<Record<RefusalCode, RefusalReason>> = {
  foreign_origin: 'foreign_origin',
  rate_limited: 'rate_limited',
  email_rate_limited: 'rate_limited',
  shed: 'shed',
  unavailable: 'unavailable',
};

/**
 * The checks every lead call passes, cheapest first: origin, media type, declared size, idempotency key,
 * the client's rate limit (a database write), then the body; a valid lead then passes its e-mail's limit
 * and the shedding of the heaviest senders, and is stored, held back when it looks like a flood
 * (server/http/lead-admission.ts). Bad input is a 4xx with a JSON reason and stores nothing; only a
 * database failure is a 503, and then nothing was acknowledged.
 *
 * Idempotency (the `Idempotency-Key` header, or `?idempotency_key=` for `navigator.sendBeacon`, which
 * cannot send headers): a key that already made a lead is answered with the same acknowledgement (and
 * `Idempotent-Replayed: true`), stores nothing and counts against no limit; the same key with other
 * contents is a 422. Requests without a key work as before.
 */
function leadEndpoint(route: LeadRoute, accept: (body: unknown, context: AcceptContext) => Promise<AcceptOutcome>, success: Record<string, string>) {
  return endpoint<ApiRuntime, unknown>({
    name: route,
    methods: ['POST'],
    foreignOrigin: 'refuse',
    checkHeaders: (request) => (idempotencyKeyOf(request) === 'invalid' ? refuse(400, 'bad_idempotency_key') : null),
    rateLimit: {
      bucket: 'address',
      perMinute: (runtime) => runtime.config.limits.perAddressPerMinute,
      // A key that already made a lead repeats an acknowledged request: it counts against no limit.
      exempt: async (request, { repos }) => {
        const key = idempotencyKeyOf(request);
        return typeof key === 'string' && route === 'leads' && (await repos.leads.findByIdempotencyKey(key)) !== undefined;
      },
    },
    // Validated by `accept` with the browser's schemas (lib/validation): a filled honeypot is answered
    // like a success before the fields are looked at.
    body: {},
    handle: (context) => takeLead(context, route, accept, success),
    refused: (code) => leadMetrics.refused(route, refusalReasons[code] ?? 'invalid'),
  });
}

async function takeLead(
  { request, runtime, now, log, body, addressHash, networkHash, limits }: EndpointContext<ApiRuntime, unknown>,
  route: LeadRoute,
  accept: (body: unknown, context: AcceptContext) => Promise<AcceptOutcome>,
  success: Record<string, string>,
): Promise<Response | Refusal> {
  const { config, repos, hashKey } = runtime;
  const sender = { addressHash, networkHash };
  const admit: AcceptContext['admit'] = (subject) => admitLead(subject, { limits, config: config.limits, hashKey, sender });
  const alertChannels = { telegram: !!config.alerts?.telegram, email: !!config.alerts?.email };
  const key = idempotencyKeyOf(request);
  const idempotencyKey = key === 'invalid' ? null : key; // refused before the rate limit
  // The lead's visitor, for the experiments to count the stored lead as a test's conversion (server/experiments/conversion.ts).
  const visit = route === 'leads' ? { headers: request.headers, hashKey, client: trafficClient(addressHash, networkHash), log } : undefined;
  const outcome = await accept(body, { repos, clientAddressHash: addressHash, now, admit, idempotencyKey, alertChannels, visit });
  // Two requests with one key at the same instant both passed the look-up of the rate limit: the one
  // that found the other's lead gives back the hits it counted.
  if (outcome.status === 'replayed' || outcome.status === 'key-conflict') await limits.giveBack();
  switch (outcome.status) {
    case 'invalid':
      return refuse(400, 'invalid_fields', { errors: outcome.errors });
    case 'limited':
      log.warn('api.rate_limited', { route, limit: outcome.limit });
      return refuse(429, outcome.limit === 'email' ? 'email_rate_limited' : 'shed', { headers: { 'retry-after': String(outcome.retryAfter) } });
    case 'spam':
      log.info('api.spam', { route });
      leadMetrics.refused(route, 'spam');
      return jsonOk(success);
    case 'accepted':
      log.info(outcome.withheld ? 'api.withheld' : 'api.accepted', { route, id: outcome.id, queued: outcome.queued });
      if (outcome.queued) runtime.onQueued();
      leadMetrics.accepted(route);
      if (outcome.withheld) leadMetrics.withheld(route);
      return jsonOk(success);
    case 'replayed':
      log.info('api.replayed', { route, id: outcome.id });
      leadMetrics.replayed(route);
      return jsonOk(success, { 'idempotent-replayed': 'true' });
    case 'key-conflict':
      log.warn('api.idempotency_key_reused', { route });
      return refuse(422, 'idempotency_key_reused');
  }
}

/**
 * `GET /api/gift-schedule`: the windows sorted by start, each with its gift's struck-out price and
 * discount looked up in the course tariffs in effect (content/gift-offer-prices.ts: the files', or the console's prices), so the gift modal
 * shows the course's own figure without loading the courses; cached briefly, marketing edits show within a minute.
 */
export const handleGiftSchedule = endpoint<ApiRuntime>({
  name: 'gift-schedule',
  methods: ['GET'],
  async handle({ runtime, now }) {
    // The figures are the prices in effect, the console's included.
    await freshLiveContent(now);
    const windows = await runtime.repos.giftSchedule.list();
    // The server's clock travels with the windows (a shared cache adds its `Age`), so the countdowns in a
    // browser whose clock is wrong still show the right state (features/gift, lib/server-clock.ts).
    const served: ServedGiftWindow[] = windows.map(({ giftNumber, startTimestamp, endTimestamp }) => ({
      giftNumber,
      startTimestamp,
      endTimestamp,
      ...giftPrices(giftNumber),
    }));
    return jsonOk(served, { 'cache-control': 'public, max-age=60', [SERVER_TIME_HEADER]: String(now) });
  },
});
