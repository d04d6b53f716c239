import type { ServerConfig } from '../config';
import { LOCK_WAIT_MS, withinDeadline, withLockWaitLimit } from '../db/sqlite-lock-wait';
import { clientAddress, hashClientAddress, hashClientNetwork } from '../leads/client-address';
import { consoleLogger, errorKind, type Logger } from '../log';
import type { Repositories } from '../repositories';
import { addressBucket, isForeignOrigin, RequestLimits } from './guards';
import type { RefusalCode } from './messages';
import { BODY_READ_DEADLINE_MS, declaredTooLarge, isJsonContentType, MAX_BODY_BYTES, readJsonBody } from './read-json';
import { noContent, refuse, Refusal, refusalResponse } from './responses';

/** The methods a route file exports: all of them, so that none is left to Next's empty 405. */
export const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** Where an endpoint's runtime comes from: the server's (server/api.ts), or a test's over a test database. */
export type RuntimeSource<R> = () => Promise<R>;

/** What the origin check reads of a runtime. */
type SiteRuntime = { config: Pick<ServerConfig, 'siteOrigin'> };
/** What the rate limit reads of a runtime. */
type LimitedRuntime = { hashKey: string; repos: Pick<Repositories, 'rateLimit'> };

export interface EndpointContext<R, B> {
  request: Request;
  runtime: R;
  /** The request's time, read once (a runtime may bring its own clock: tests do). */
  now: number;
  log: Logger;
  /** The body, read and parsed; undefined for an endpoint that takes none. */
  body: B;
  /** The keyed hash of the client's address; null when the server could not vouch for one. */
  addressHash: string | null;
  /** The keyed hash of the client's network (IPv4 /24, IPv6 /48: server/leads/client-address.ts); null with no address. */
  networkHash: string | null;
  /** The hits this request counted: more buckets may be counted, and all given back (a replayed lead). */
  limits: R extends LimitedRuntime ? RequestLimits : undefined;
}

interface RateLimit<R> {
  /** Each client counts in its own bucket, `<bucket>:<address hash>` (the two lead calls share `address`). */
  bucket: string;
  perMinute: number | ((runtime: R) => number);
  /** A request that repeats one already counted (a known idempotency key) is counted against no limit. */
  exempt?: (request: Request, runtime: R) => Promise<boolean>;
}

interface BodySpec<B> {
  /** The media types taken (JSON unless said); any other is refused 415 with `mediaTypeCode`. */
  accepts?: (contentType: string | null) => boolean;
  mediaTypeCode?: Extract<RefusalCode, 'not_json' | 'not_csp_report'>;
  /** Refused 413 above this, declared or counted as it arrives (16 kB unless said). */
  maxBytes?: number;
  /** Refused 408 when the body is still arriving after this (10 s unless said). */
  deadlineMs?: number;
  /** What the endpoint makes of the JSON, or why it refuses it; without it the handler gets the JSON as sent. */
  parse?: (value: unknown) => B | Refusal;
}

/**
 * One endpoint, declared: the guards it passes, cheapest first, and its handler. Every answer the
 * endpoint does not make itself comes from here: 405 with `Allow` to another method, 403 to another site's
 * page, 415 and 413 from the headers, 429 past the rate limit, 408/413/400 while the body is read, and
 * 503 (Retry-After: 30) for a failure nobody answered. A refusal is `{ code, message }`, its sentence
 * from server/http/messages.ts.
 */
export interface EndpointSpec<R, B> {
  /** The endpoint's name in the log. */
  name: string;
  /** The methods it serves (HEAD comes with GET, its body dropped). */
  methods: readonly ('GET' | 'POST')[];
  /** An endpoint of the instance's own: anyone this refuses gets 404 whatever the method, as if there were none. */
  internal?: (request: Request) => boolean;
  /** A request from another site's page: refused 403, or answered 204 and not acted on (`ignore`: a beacon's sender learns nothing). */
  foreignOrigin?: R extends SiteRuntime ? 'refuse' | 'ignore' : never;
  /** A check of the headers alone (free), made before the rate limit. */
  checkHeaders?: (request: Request) => Refusal | null;
  /** Counted before the body is read: the first step that costs a database write. */
  rateLimit?: R extends LimitedRuntime ? RateLimit<R> : never;
  body?: BodySpec<B>;
  /**
   * The whole answer within this many ms, runtime included; past it the request fails (a health check).
   * Without it the answer may take longer, but its statements wait for another process's write lock
   * (SQLite) LOCK_WAIT_MS in all, counted from the request's start.
   */
  deadlineMs?: number;
  handle(context: EndpointContext<R, B>): Promise<Response | Refusal>;
  /** The answer to a failure nobody answered (the database down, a bug), logged; 503 `unavailable` unless said. */
  unavailable?: (error: unknown) => Response | Refusal;
  /** Told the code of every refusal but the 405 (the lead API counts them in its metrics). */
  refused?: (code: RefusalCode) => void;
}

/** An endpoint as its tests call it: a request and where its runtime comes from. */
export interface Endpoint<R> {
  (request: Request, runtime: RuntimeSource<R>): Promise<Response>;
  /** The `Allow` header of its 405. */
  readonly allow: string;
}

export type RouteHandlers = Record<HttpMethod, (request: Request) => Promise<Response>>;

const unavailable = () => refuse(503, 'unavailable', { headers: { 'retry-after': '30' } });

export function endpoint<R, B = undefined>(spec: EndpointSpec<R, B>): Endpoint<R> {
  const served = new Set<string>(spec.methods.includes('GET') ? [...spec.methods, 'HEAD'] : spec.methods);
  const allow = HTTP_METHODS.filter((method) => served.has(method)).join(', ');

  const respond = (outcome: Response | Refusal): Response => {
    if (outcome instanceof Response) return outcome;
    spec.refused?.(outcome.code);
    return refusalResponse(outcome);
  };

  const serve = async (request: Request, source: RuntimeSource<R>): Promise<Response> => {
    if (spec.internal && !spec.internal(request)) return refusalResponse(refuse(404, 'not_found'));
    if (!served.has(request.method)) return refusalResponse(refuse(405, 'method_not_allowed', { headers: { allow } }));
    let log: Logger = consoleLogger;
    let response: Response;
    try {
      const work = async () => {
        const runtime = await source();
        const own = runtime as { log?: Logger; now?: () => number };
        log = own.log ?? consoleLogger;
        return passGuards(spec, request, runtime, own.now?.() ?? Date.now(), log);
      };
      // However many statements a request makes (a lead: its rate limits, then its transaction) and however
      // many requests queue for SQLite's one connection, it waits for another process's write lock
      // LOCK_WAIT_MS in all, then is answered 503 below (the forms retry it with their key).
      response = respond(spec.deadlineMs === undefined ? await withLockWaitLimit(LOCK_WAIT_MS, work) : await withinDeadline(spec.deadlineMs, work));
    } catch (error) {
      // Nothing was acknowledged: the client may retry. The error's class only: its message may quote data.
      log.error('api.unavailable', { route: spec.name, error: errorKind(error) });
      response = respond(spec.unavailable ? spec.unavailable(error) : unavailable());
    }
    return request.method === 'HEAD' ? new Response(null, response) : response;
  };
  return Object.assign(serve, { allow });
}

/**
 * The route file's exports (app/api/…/route.ts): every method, bound to the endpoint and its runtime;
 * the endpoint answers the methods it does not serve.
 */
export function routeOf<R>(serve: Endpoint<R>, runtime: RuntimeSource<R>): RouteHandlers {
  const handler = (request: Request) => serve(request, runtime);
  return { GET: handler, HEAD: handler, POST: handler, PUT: handler, PATCH: handler, DELETE: handler, OPTIONS: handler };
}

/** The guards in their order (origin, the body's headers, the headers' check, rate limit, body), then the handler. */
async function passGuards<R, B>(spec: EndpointSpec<R, B>, request: Request, runtime: R, now: number, log: Logger): Promise<Response | Refusal> {
  if (spec.foreignOrigin && isForeignOrigin(request.headers, (runtime as SiteRuntime).config)) {
    return spec.foreignOrigin === 'ignore' ? noContent() : refuse(403, 'foreign_origin');
  }
  const { accepts = isJsonContentType, mediaTypeCode = 'not_json', maxBytes = MAX_BODY_BYTES, deadlineMs = BODY_READ_DEADLINE_MS, parse } = spec.body ?? {};
  if (spec.body) {
    if (!accepts(request.headers.get('content-type'))) return refuse(415, mediaTypeCode);
    if (declaredTooLarge(request.headers, maxBytes)) return refuse(413, 'too_large');
  }
  const headerProblem = spec.checkHeaders?.(request);
  if (headerProblem) return headerProblem;

  const { hashKey, repos } = runtime as Partial<LimitedRuntime>;
  const address = clientAddress(request.headers);
  const addressHash = address && typeof hashKey === 'string' ? hashClientAddress(address, hashKey) : null;
  const networkHash = address && typeof hashKey === 'string' ? hashClientNetwork(address, hashKey) : null;
  const limited = typeof hashKey === 'string' && repos?.rateLimit !== undefined;
  const limits = limited ? new RequestLimits(repos, now, (await spec.rateLimit?.exempt?.(request, runtime)) ?? false) : undefined;
  if (spec.rateLimit && limits) {
    const { bucket, perMinute } = spec.rateLimit;
    const wait = await limits.count(addressBucket(bucket, addressHash), typeof perMinute === 'number' ? perMinute : perMinute(runtime));
    if (wait !== null) {
      log.warn('api.rate_limited', { route: spec.name, limit: bucket });
      return refuse(429, 'rate_limited', { headers: { 'retry-after': String(wait) } });
    }
  }

  let body: unknown = undefined;
  if (spec.body) {
    const read = await readJsonBody(request, maxBytes, deadlineMs);
    if (read instanceof Refusal) return read;
    body = parse ? parse(read.value) : read.value;
    if (body instanceof Refusal) return body;
  }
  return spec.handle({ request, runtime, now, log, body: body as B, addressHash, networkHash, limits: limits as EndpointContext<R, B>['limits'] });
}
