import type { ServerConfig } from '../config';
import { countTestConversion } from '../split-tests/conversion';
import { acceptIds, acceptOrder, type AcceptContext, type AcceptOutcome } from '../leads/accept';
import { clientAddress, emailBucket, hashClientAddress } from '../leads/client-address';
import { consoleLogger, type Logger } from '../log';
import { answer, unavailableResponse } from './endpoint';
import { leadMetrics, type RefusalReason } from '../ops/metrics';
import type { Repositories } from '../repositories';
import { HOUR_MS, isForeignOrigin, MINUTE_MS, rateLimited, releaseRateLimitHit } from './guards';
import { idempotencyKeyOf } from './idempotency-key';
import { declaredTooLarge, isJsonContentType, readJsonBody } from './read-json';
import { SERVER_TIME_HEADER } from '@/lib/server-clock';
import { errorResponse, jsonResponse, messages } from './responses';

/** What the API needs from the running server; tests build one over a test database. */
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

export type RuntimeSource = () => Promise<ApiRuntime>;

/** `POST /api/getcourse/orders`: 200 `{ message }` once the lead and its delivery are stored. */
export function handleOrders(request: Request, runtime: RuntimeSource): Promise<Response> {
  return handleLeadPost(request, runtime, acceptOrder, { message: messages.orderAccepted }, 'orders');
}

/** `POST /api/getcourse/ids`: 200 `{ msg }` (the ids travel with the order; nothing is stored here). */
export function handleIds(request: Request, runtime: RuntimeSource): Promise<Response> {
  return handleLeadPost(request, runtime, acceptIds, { msg: messages.idsAccepted }, 'ids');
}

/**
 * The checks every lead call passes, cheapest first: origin, media type, declared size, idempotency key,
 * the client's rate limit (a database write), then the body; a valid lead then passes its e-mail's limit
 * and the site's ceiling before it is stored. Bad input is a 4xx with a JSON reason and stores nothing;
 * only a database failure is a 503, and then nothing was acknowledged.
 *
 * Idempotency (the `Idempotency-Key` header, or `?idempotency_key=` for `navigator.sendBeacon`, which
 * cannot send headers): a key that already made a lead is answered with the same acknowledgement (and
 * `Idempotent-Replayed: true`), stores nothing and counts against no limit; the same key with other
 * contents is a 422. Requests without a key work as before.
 */
async function handleLeadPost(
  request: Request,
  source: RuntimeSource,
  accept: (body: unknown, context: AcceptContext) => Promise<AcceptOutcome>,
  success: Record<string, string>,
  route: 'orders' | 'ids',
): Promise<Response> {
  let log: Logger = consoleLogger;
  const refuse = (reason: RefusalReason, response: Response) => {
    leadMetrics.refused(route, reason);
    return response;
  };
  const unavailable = () => refuse('unavailable', unavailableResponse());
  return answer(route, async () => {
    const runtime = await source();
    log = runtime.log ?? consoleLogger;
    const { config, repos, hashKey } = runtime;
    const now = runtime.now?.() ?? Date.now();

    if (isForeignOrigin(request.headers, config)) return refuse('foreign_origin', errorResponse(403, messages.foreignOrigin));
    if (!isJsonContentType(request.headers.get('content-type'))) return refuse('invalid', errorResponse(415, messages.notJson));
    if (declaredTooLarge(request.headers)) return refuse('invalid', errorResponse(413, messages.tooLarge));

    const key = idempotencyKeyOf(request);
    if (key === 'invalid') return refuse('invalid', errorResponse(400, messages.badIdempotencyKey));

    const address = clientAddress(request.headers);
    const clientAddressHash = address ? hashClientAddress(address, hashKey) : null;
    // A key that already made a lead repeats an acknowledged request: it counts against no limit.
    const known = key !== null && route === 'orders' && (await repos.leads.findByIdempotencyKey(key)) !== undefined;
    const counted: { bucket: string; windowMs: number }[] = [];
    const count = async (bucket: string, limit: number, windowMs = MINUTE_MS) => {
      if (known) return null;
      counted.push({ bucket, windowMs });
      return rateLimited(repos, bucket, limit, now, windowMs);
    };

    const retryAfter = await count(`address:${clientAddressHash ?? 'unknown'}`, config.limits.perAddressPerMinute);
    if (retryAfter !== null) {
      log.warn('api.rate_limited', { route, limit: 'address' });
      return refuse('rate_limited', errorResponse(429, messages.tooManyRequests, { 'retry-after': String(retryAfter) }));
    }

    const body = await readJsonBody(request);
    if (!('value' in body)) return refuse('invalid', errorResponse(body.status, body.message));

    const admit: AcceptContext['admit'] = async (email) => {
      const emailWait = await count(emailBucket(email, hashKey), config.limits.perEmailPerHour, HOUR_MS);
      if (emailWait !== null) return { limit: 'email', retryAfter: emailWait };
      const ceilingWait = await count('ceiling', config.limits.ceilingPerMinute);
      return ceilingWait === null ? null : { limit: 'ceiling', retryAfter: ceilingWait };
    };
    const alertChannels = { telegram: !!config.alerts?.telegram, email: !!config.alerts?.email };
    const outcome = await accept(body.value, { repos, clientAddressHash, now, admit, idempotencyKey: key, alertChannels });
    // Two requests with one key at the same instant both passed the look-up above: the one that found
    // the other's lead gives back the hits it counted.
    if (outcome.status === 'replayed' || outcome.status === 'key-conflict') {
      for (const { bucket, windowMs } of counted) await releaseRateLimitHit(repos, bucket, now, windowMs);
    }
    switch (outcome.status) {
      case 'invalid':
        return refuse('invalid', jsonResponse(400, { errors: outcome.errors }));
      case 'limited':
        log.warn('api.rate_limited', { route, limit: outcome.limit });
        return refuse(
          outcome.limit === 'email' ? 'rate_limited' : 'ceiling',
          errorResponse(429, outcome.limit === 'email' ? messages.tooManyForEmail : messages.overCeiling, {
            'retry-after': String(outcome.retryAfter),
          }),
        );
      case 'spam':
        log.info('api.spam', { route });
        return refuse('spam', jsonResponse(200, success));
      case 'accepted':
        log.info('api.accepted', { route, id: outcome.id, queued: outcome.queued });
        if (outcome.queued) runtime.onQueued();
        leadMetrics.accepted(route);
        if (route === 'orders') await countTestConversion(request.headers, body.value, { repos, hashKey, clientAddressHash, now, log });
        return jsonResponse(200, success);
      case 'replayed':
        log.info('api.replayed', { route, id: outcome.id });
        leadMetrics.replayed(route);
        return jsonResponse(200, success, { 'idempotent-replayed': 'true' });
      case 'key-conflict':
        log.warn('api.idempotency_key_reused', { route });
        return refuse('invalid', errorResponse(422, messages.idempotencyKeyReused));
    }
  }, { unavailable, log: () => log });
}

/** `GET /api/gift-schedule`: the windows sorted by start; cached briefly, marketing edits show within a minute. */
export function handleGiftSchedule(source: RuntimeSource): Promise<Response> {
  return answer('gift-schedule', async () => {
    const runtime = await source();
    const windows = await runtime.repos.giftSchedule.list();
    // The server's clock travels with the windows (a shared cache adds its `Age`), so the countdowns in a
    // browser whose clock is wrong still show the right state (features/gift, lib/server-clock.ts).
    return jsonResponse(
      200,
      windows.map(({ giftNumber, startTimestamp, endTimestamp }) => ({ giftNumber, startTimestamp, endTimestamp })),
      { 'cache-control': 'public, max-age=60', [SERVER_TIME_HEADER]: String(runtime.now?.() ?? Date.now()) },
    );
  });
}
