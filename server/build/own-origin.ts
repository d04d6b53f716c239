/**
 * This instance's own address, where it asks itself for a page it renders while it runs (a page test's
 * variant, a page with the console's content: served-render.ts) and for its start-up self-check.
 *
 * Taken from the HTTP server itself, not from the configuration: `next start -H` is in no variable, a
 * port of 0 or a taken one is chosen by the server, and Next.js's own record of its address
 * (`process.env`'s private origin) is an internal that may go with any upgrade. Next.js makes its server
 * itself and hands it to no one, and it listens before `instrumentation.ts` runs, so the server is known
 * from its first connection: every render happens inside a request, after that connection, and the
 * self-check waits for it (`whenOwnOriginKnown`). The first server of the process to be connected to is
 * Next.js's: the site's code makes none.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface OwnOriginState {
  origin: string | null;
  waiting: ((origin: string) => void)[];
}

const stateKey = Symbol.for('school-site.own-origin');
const installed = Symbol.for('school-site.own-origin-hook');
const state: OwnOriginState = ((globalThis as Record<symbol, OwnOriginState | undefined>)[stateKey] ??= { origin: null, waiting: [] });

/** The origin to ask a server listening at `address`: a wildcard address is asked on the loopback of its family. */
export function originOf(address: AddressInfo): string {
  const host =
    address.address === '0.0.0.0' || address.address === ''
      ? '127.0.0.1'
      : address.address === '::'
        ? '[::1]'
        : address.family === 'IPv6' || address.address.includes(':')
          ? `[${address.address}]`
          : address.address;
  return `http://${host}:${address.port}`;
}

/** Records the address of the process's HTTP server at its first connection or request (installed from server/instance.ts). */
export function trackOwnOrigin(): void {
  const prototype = http.Server.prototype as http.Server & Record<symbol, boolean>;
  if (prototype[installed]) return;
  prototype[installed] = true;
  const emit = prototype.emit;
  prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (state.origin === null && (event === 'connection' || event === 'request' || event === 'listening')) {
      const address = this.address();
      if (address !== null && typeof address === 'object') {
        state.origin = originOf(address);
        for (const resolve of state.waiting.splice(0)) resolve(state.origin);
      }
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof emit;
}

/** This instance's own origin (`http://127.0.0.1:3000`); throws before its server had a connection, which no render can be. */
export function ownOrigin(): string {
  if (state.origin === null) throw new Error('the instance’s own address is not known before its first connection');
  return state.origin;
}

/** Settles with the own origin once the server has had its first connection. */
export function whenOwnOriginKnown(): Promise<string> {
  return state.origin !== null ? Promise.resolve(state.origin) : new Promise((resolve) => state.waiting.push(resolve));
}
