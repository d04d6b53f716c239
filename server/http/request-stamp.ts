import http from 'node:http';
import { CLIENT_ADDRESS_HEADER, trustedClientAddress } from '../leads/client-address';

const installed = Symbol.for('school-site.request-stamp');

/**
 * Stamps every request of this process's HTTP servers with what we can vouch for about where it came
 * from, before Next.js handles it:
 * - the client address (`CLIENT_ADDRESS_HEADER`): Next.js offers route handlers no socket and keeps a
 *   client-sent `X-Forwarded-For`;
 * - no `X-Forwarded-Host`: Next.js checks a Server Action's `Origin` against it before `Host`, and a
 *   proxy that does not set it passes on what the client wrote, so a forged one let a foreign page run a
 *   console action. Without it Next.js takes the `Host` (nginx sets it), like our own origin check.
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
    if (event === 'request') stampRequest(args[0] as http.IncomingMessage, trustedProxies);
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof emit;
}

export function stampRequest(request: http.IncomingMessage, trustedProxies: number): void {
  const address = trustedClientAddress(request.socket?.remoteAddress, request.headers['x-forwarded-for'], trustedProxies);
  if (address) request.headers[CLIENT_ADDRESS_HEADER] = address;
  else delete request.headers[CLIENT_ADDRESS_HEADER];
  delete request.headers['x-forwarded-host'];
}
