/**
 * Runs once when a Next.js server starts: stamps every request with the client address we can vouch
 * for (before any route sees it), migrates the database and starts the GetCourse delivery worker in the
 * web process (OUTBOX_WORKER=off leaves delivery to `npm run worker`), and takes over SIGTERM for a
 * graceful stop. Not during `next build`, which loads this file too.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const [{ installClientAddressStamp }, { readTrustedProxies }, { startInProcess }] = await Promise.all([
    import('./server/http/client-address-stamp'),
    import('./server/config'),
    import('./server/runtime'),
  ]);
  installClientAddressStamp(readTrustedProxies(process.env.TRUST_PROXY));
  await installGracefulStop();
  await startInProcess();
}

/**
 * With NEXT_MANUAL_SIG_HANDLE=true (the units and `npm start` set it) Next.js leaves SIGTERM to us: the
 * instance stops listening, answers the requests in flight, lets its worker finish the delivery it holds
 * and exits 0. Without it Next.js exits 143 as soon as the requests are answered, and a delivery cut
 * short goes again from another worker once its claim expires.
 */
async function installGracefulStop() {
  const [{ trackHttpServers, closeHttpServers }, { exitGracefullyOnSignal }, { stopGraceMs, stopInProcess }, { consoleLogger }] = await Promise.all([
    import('./server/http/open-servers'),
    import('./server/ops/graceful-stop'),
    import('./server/runtime'),
    import('./server/log'),
  ]);
  if (process.env.NEXT_MANUAL_SIG_HANDLE !== 'true') {
    if (process.env.NODE_ENV === 'production') {
      consoleLogger.warn('server.no_graceful_stop', { message: 'NEXT_MANUAL_SIG_HANDLE is not true: SIGTERM exits 143 without waiting for the delivery under way' });
    }
    return;
  }
  trackHttpServers();
  exitGracefullyOnSignal({ process: 'web', graceMs: stopGraceMs(), stop: () => stopInProcess(closeHttpServers()) });
}
