import http from 'node:http';
import { CLIENT_ADDRESS_HEADER, trustedClientAddress } from '../leads/client-address';
import { renderToken } from '../page-tests/live';
import { INTERNAL_HEADER_PREFIX, RENDER_TOKEN_HEADER } from '../page-tests/serving';
import { checkRequestPath } from './request-path';
import { refuse, refusalResponse } from './responses';

const installed = Symbol.for('school-site.request-stamp');

/**
 * Stamps every request of this process's HTTP servers with what we can vouch for about where it came
 * from, before Next.js handles it:
 * - the client address (`CLIENT_ADDRESS_HEADER`): Next.js offers route handlers no socket and keeps a
 *   client-sent `X-Forwarded-For`;
 * - no `X-Forwarded-Host`: Next.js checks a Server Action's `Origin` against it before `Host`, and a
 *   proxy that does not set it passes on what the client wrote, so a forged one let a foreign page run a
 *   console action. Without it Next.js takes the `Host` (nginx sets it), like our own origin check;
 * - no `x-page-test-*` header a client wrote: those carry the page tests' internal requests (the proxy
 *   step's rewrites, the instance asking itself for a variant's render: server/page-tests/serving.ts), and
 *   only a request bearing this process's render token is the instance's own;
 * and answers, before Next.js sees them, a path it would fail on (server/http/request-path.ts): a
 * percent-encoded letter, digit or `-._~` is sent to the canonical address (308, the method kept), a
 * path that does not decode is refused 400.
 * This hook sits at the one place that sees both the socket and the headers, the server's `request`
 * event. Installed from `instrumentation.ts`, so it works the same for `next start` and the standalone
 * `server.js`.
 *
 * A request that reaches a handler without the stamp (none can, once this runs) counts as an unknown
 * client: one shared bucket, never a bucket the client chose.
 */
export function installRequestStamp(trustedProxies: number): void {
  const prototype = http.Server.prototype as http.Server & Record<symbol, boolean>;
  if (prototype[installed]) return;
  prototype[installed] = true;
  const emit = prototype.emit;
  prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') {
      const [request, response] = args as [http.IncomingMessage, http.ServerResponse];
      if (answeredByPath(request, response)) return true;
      stampRequest(request, trustedProxies);
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof emit;
}

export function stampRequest(request: http.IncomingMessage, trustedProxies: number): void {
  const address = trustedClientAddress(request.socket?.remoteAddress, request.headers['x-forwarded-for'], trustedProxies);
  if (address) request.headers[CLIENT_ADDRESS_HEADER] = address;
  else delete request.headers[CLIENT_ADDRESS_HEADER];
  delete request.headers['x-forwarded-host'];
  if (request.headers[RENDER_TOKEN_HEADER] === renderToken()) return;
  for (const name of Object.keys(request.headers)) {
    if (name.startsWith(INTERNAL_HEADER_PREFIX)) delete request.headers[name];
  }
}

/** Answers a request whose path Next.js would fail on (see `checkRequestPath`); false when it is Next.js's to answer. */
export function answeredByPath(request: http.IncomingMessage, response: http.ServerResponse): boolean {
  const check = checkRequestPath(request.url ?? '/');
  if (check.kind === 'canonical') return false;
  if (check.kind === 'redirect') {
    response.writeHead(308, { location: check.location, 'cache-control': 'no-store' });
    response.end();
    return true;
  }
  const refusal = refusalResponse(refuse(400, 'bad_path'));
  void refusal.text().then((body) => {
    response.writeHead(refusal.status, { ...Object.fromEntries(refusal.headers), connection: 'close' });
    response.end(body);
  });
  return true;
}
