import type { ServerConfig } from '../config';
import { acceptIds, acceptOrder, type AcceptContext, type AcceptOutcome } from '../leads/accept';
import { clientAddress, emailBucket, hashClientAddress } from '../leads/client-address';
import { consoleLogger, errorKind, type Logger } from '../log';
import type { Repositories } from '../repositories/types';
import { HOUR_MS, isForeignOrigin, rateLimited } from './guards';
import { declaredTooLarge, isJsonContentType, readJsonBody } from './read-json';
import { errorResponse, jsonResponse, messages } from './responses';

/** What the API needs from the running server; tests build one over a test database. */
export interface ApiRuntime {
  config: Pick<ServerConfig, 'limits' | 'trustedProxies' | 'siteOrigin'>;
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

/** `POST /api/getcourse/ids`: 200 `{ msg }` once the ids are stored. */
export function handleIds(request: Request, runtime: RuntimeSource): Promise<Response> {
  return handleLeadPost(request, runtime, acceptIds, { msg: messages.idsAccepted }, 'ids');
}

/**
 * The checks every lead call passes, cheapest first: origin, media type, declared size, the client's
 * rate limit (a database write), then the body; a valid lead then passes its e-mail's limit and the
 * site's ceiling before it is stored. Bad input is a 4xx with a JSON reason and stores nothing; only a
 * database failure is a 503, and then nothing was acknowledged.
 */
async function handleLeadPost(
  request: Request,
  source: RuntimeSource,
  accept: (body: unknown, context: AcceptContext) => Promise<AcceptOutcome>,
  success: Record<string, string>,
  route: string,
): Promise<Response> {
  let log: Logger = consoleLogger;
  try {
    const runtime = await source();
    log = runtime.log ?? consoleLogger;
    const { config, repos, hashKey } = runtime;
    const now = runtime.now?.() ?? Date.now();

    if (isForeignOrigin(request.headers, config)) return errorResponse(403, messages.foreignOrigin);
    if (!isJsonContentType(request.headers.get('content-type'))) return errorResponse(415, messages.notJson);
    if (declaredTooLarge(request.headers)) return errorResponse(413, messages.tooLarge);

    const address = clientAddress(request.headers);
    const clientAddressHash = address ? hashClientAddress(address, hashKey) : null;
    const retryAfter = await rateLimited(repos, `address:${clientAddressHash ?? 'unknown'}`, config.limits.perAddressPerMinute, now);
    if (retryAfter !== null) {
      log.warn('api.rate_limited', { route, limit: 'address' });
      return errorResponse(429, messages.tooManyRequests, { 'retry-after': String(retryAfter) });
    }

    const body = await readJsonBody(request);
    if (!('value' in body)) return errorResponse(body.status, body.message);

    const admit: AcceptContext['admit'] = async (email) => {
      const emailWait = await rateLimited(repos, emailBucket(email, hashKey), config.limits.perEmailPerHour, now, HOUR_MS);
      if (emailWait !== null) return { limit: 'email', retryAfter: emailWait };
      const ceilingWait = await rateLimited(repos, 'ceiling', config.limits.ceilingPerMinute, now);
      return ceilingWait === null ? null : { limit: 'ceiling', retryAfter: ceilingWait };
    };
    const outcome = await accept(body.value, { repos, clientAddressHash, now, admit });
    switch (outcome.status) {
      case 'invalid':
        return jsonResponse(400, { errors: outcome.errors });
      case 'limited':
        log.warn('api.rate_limited', { route, limit: outcome.limit });
        return errorResponse(429, outcome.limit === 'email' ? messages.tooManyForEmail : messages.overCeiling, {
          'retry-after': String(outcome.retryAfter),
        });
      case 'spam':
        log.info('api.spam', { route });
        return jsonResponse(200, success);
      case 'accepted':
        log.info('api.accepted', { route, id: outcome.id, queued: outcome.queued });
        if (outcome.queued) runtime.onQueued();
        return jsonResponse(200, success);
    }
  } catch (error) {
    log.error('api.unavailable', { route, error: errorKind(error) });
    return errorResponse(503, messages.unavailable, { 'retry-after': '30' });
  }
}

/** `GET /api/gift-schedule`: the windows sorted by start; cached briefly, marketing edits show within a minute. */
export async function handleGiftSchedule(source: RuntimeSource): Promise<Response> {
  let log: Logger = consoleLogger;
  try {
    const runtime = await source();
    log = runtime.log ?? consoleLogger;
    const windows = await runtime.repos.giftSchedule.list();
    return jsonResponse(
      200,
      windows.map(({ giftNumber, startTimestamp, endTimestamp }) => ({ giftNumber, startTimestamp, endTimestamp })),
      { 'cache-control': 'public, max-age=60' },
    );
  } catch (error) {
    log.error('api.unavailable', { route: 'gift-schedule', error: errorKind(error) });
    return errorResponse(503, messages.unavailable, { 'retry-after': '30' });
  }
}
