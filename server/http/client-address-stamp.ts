import http from 'node:http';
import { CLIENT_ADDRESS_HEADER, trustedClientAddress } from '../leads/client-address';

const installed = Symbol.for('school-site.client-address-stamp');

/**
 * Stamps every request of this process's HTTP servers with the client address we can vouch for
 * (`CLIENT_ADDRESS_HEADER`), before Next.js handles it. Next.js offers route handlers no socket and
 * keeps a client-sent `X-Forwarded-For`; this hook sits at the one place that sees both the socket and
 * the headers, the server's `request` event. Installed from `instrumentation.ts`, so it works the same
 * for `next start` and the standalone `server.js`.
 *
 * A request that reaches a handler without the stamp (none can, once this runs) counts as an unknown
 * client: one shared bucket, never a bucket the client chose.
 */
export function installClientAddressStamp(trustedProxies: number): void {
  const prototype = http.Server.prototype as http.Server & Record<symbol, boolean>;
  if (prototype[installed]) return;
  prototype[installed] = true;
  const emit = prototype.emit;
  prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') stamp(args[0] as http.IncomingMessage, trustedProxies);
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof emit;
}

export function stamp(request: http.IncomingMessage, trustedProxies: number): void {
  const address = trustedClientAddress(request.socket?.remoteAddress, request.headers['x-forwarded-for'], trustedProxies);
  if (address) request.headers[CLIENT_ADDRESS_HEADER] = address;
  else delete request.headers[CLIENT_ADDRESS_HEADER];
}
