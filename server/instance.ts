import { readHttpRequestTimeoutMs, readTrustedProxies } from './config';
import { installRequestStamp } from './http/request-stamp';
import { installRequestTimeouts } from './http/request-timeouts';
import { closeHttpServers, trackHttpServers } from './http/open-servers';
import { trackOwnOrigin } from './build/own-origin';
import { startPageServingCheck } from './live-content/self-check';
import { consoleLogger } from './log';
import { exitGracefullyOnSignal } from './ops/graceful-stop';
import { startInProcess, stopGraceMs, stopInProcess } from './runtime';

/**
 * A web instance starting (from `instrumentation.ts`): stamps every request with the client address we
 * can vouch for and drops a client's X-Forwarded-Host (before any route sees it), gives every request a
 * deadline to arrive in, takes over SIGTERM for a graceful stop, migrates the database and starts the
 * workers in this process (startWorkers; OUTBOX_WORKER=off leaves them to `npm run worker`). Once the
 * instance is first connected to, it knows its own address and checks, without holding up the start,
 * that the private behaviours of Next.js its rendered pages rest on still hold (live-content/self-check.ts).
 */
export async function startInstance(): Promise<void> {
  installRequestStamp(readTrustedProxies(process.env.TRUST_PROXY));
  installRequestTimeouts(readHttpRequestTimeoutMs(process.env));
  trackOwnOrigin();
  // The behaviours checked are the built server's (`next dev` renders every page on request and keeps its
  // build elsewhere): a development server would only report its own differences.
  if (process.env.NODE_ENV === 'production') startPageServingCheck();
  installGracefulStop();
  await startInProcess();
}

/**
 * With NEXT_MANUAL_SIG_HANDLE=true (the units and `npm start` set it) Next.js leaves SIGTERM to us: the
 * instance stops listening, answers the requests in flight, lets its worker finish the delivery it holds
 * and exits 0. Without it Next.js exits 143 as soon as the requests are answered, and a delivery cut
 * short goes again from another worker once its claim expires.
 */
function installGracefulStop(): void {
  if (process.env.NEXT_MANUAL_SIG_HANDLE !== 'true') {
    if (process.env.NODE_ENV === 'production') {
      consoleLogger.warn('server.no_graceful_stop', {
        message: 'NEXT_MANUAL_SIG_HANDLE is not true: SIGTERM exits 143 without waiting for the delivery under way',
      });
    }
    return;
  }
  trackHttpServers();
  exitGracefullyOnSignal({ process: 'web', graceMs: stopGraceMs(), stop: () => stopInProcess(closeHttpServers()) });
}
