import http from 'node:http';
import { consoleLogger } from '../log';

/** Honest headers arrive in a packet or two; still arriving after this, they hold a connection on purpose. */
export const HEADERS_TIMEOUT_MS = 10_000;
/**
 * How often Node looks for requests past their timeouts. Its own 30 s would let a 20 s timeout run to
 * 50 s; the check walks the open connections only, so once a second costs nothing.
 */
export const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

const installed = Symbol.for('school-site.request-timeouts');

/**
 * Gives this process's HTTP servers a deadline for receiving each request (HTTP_REQUEST_TIMEOUT_MS,
 * server/config.ts): past it Node answers 408 and closes the connection, so a client sending its
 * headers or body a byte every few seconds cannot hold a connection for Node's 5 minutes. Next.js makes
 * its server itself and offers no setting for these, so they are set at the server's first connection
 * (before Node reads a byte of it); installed from `instrumentation.ts` like the request stamp.
 */
export function installRequestTimeouts(requestTimeoutMs: number): void {
  const prototype = http.Server.prototype as http.Server & Record<symbol, boolean>;
  if (prototype[installed]) return;
  prototype[installed] = true;
  const configured = new WeakSet<http.Server>();
  const emit = prototype.emit;
  prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'connection' && !configured.has(this)) {
      configured.add(this);
      applyRequestTimeouts(this, requestTimeoutMs);
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof emit;
}

/** `connectionsCheckingInterval`: an option of `http.createServer`, kept on the server, missing from its type. */
type ListeningServer = http.Server & { connectionsCheckingInterval: number };

/** The timeouts of one listening server, and Node's checker restarted to look every second. */
export function applyRequestTimeouts(server: http.Server, requestTimeoutMs: number): void {
  server.requestTimeout = requestTimeoutMs;
  server.headersTimeout = Math.min(HEADERS_TIMEOUT_MS, requestTimeoutMs);
  (server as ListeningServer).connectionsCheckingInterval = TIMEOUT_CHECK_INTERVAL_MS;
  // Node starts its checker on 'listening' with the interval of that moment (lib/_http_server.js,
  // setupConnectionsTracking, which stops the running one first); the server already listens.
  const restartChecks = server.listeners('listening').find((listener) => listener.name === 'setupConnectionsTracking');
  if (restartChecks) restartChecks.call(server);
  else
    consoleLogger.warn('http.timeout_checks_unchanged', {
      message: 'Node checks request timeouts every 30 s: a slow request may run that much past its timeout',
    });
}
