import http from 'node:http';

interface OpenServers {
  servers: Set<http.Server>;
  closing: boolean;
}

const stateKey = Symbol.for('school-site.open-servers');
const installed = Symbol.for('school-site.open-servers-hook');
const state: OpenServers = ((globalThis as Record<symbol, OpenServers | undefined>)[stateKey] ??= { servers: new Set(), closing: false });

/**
 * Keeps hold of this process's HTTP servers, so a graceful stop can close them: Next.js keeps its server
 * to itself, and its own signal handler (turned off with NEXT_MANUAL_SIG_HANDLE) exits 143 without
 * waiting for our delivery worker. The hook is installed from `instrumentation.ts`, after Next.js is
 * listening, so a server is known from its first connection or request; one that never had any holds
 * no request worth waiting for.
 */
export function trackHttpServers(): void {
  const prototype = http.Server.prototype as http.Server & Record<symbol, boolean>;
  if (prototype[installed]) return;
  prototype[installed] = true;
  const emit = prototype.emit;
  prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'connection' || event === 'request') {
      state.servers.add(this);
      if (state.closing) void closeServer(this);
    }
    if (event === 'request') {
      const response = args[1] as http.ServerResponse;
      // While closing, every answer ends its connection, so no idle keep-alive connection holds us up.
      if (state.closing) response.shouldKeepAlive = false;
      response.once('finish', () => {
        if (state.closing) setImmediate(() => this.closeIdleConnections());
      });
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof emit;
}

/**
 * Stops listening, lets every request in flight be answered and closes the connections as they fall
 * idle (a proxy's keep-alive ones included); settles when every server is closed.
 */
export async function closeHttpServers(): Promise<void> {
  state.closing = true;
  await Promise.all([...state.servers].map(closeServer));
}

const closed = new WeakMap<http.Server, Promise<void>>();

function closeServer(server: http.Server): Promise<void> {
  let done = closed.get(server);
  if (!done) {
    done = new Promise<void>((resolve) => {
      // The callback also comes (with ERR_SERVER_NOT_RUNNING) for a server closed before.
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    closed.set(server, done);
  }
  return done;
}
