/**
 * Runs once when a Next.js server starts: stamps every request with the client address we can vouch
 * for (before any route sees it), migrates the database and starts the GetCourse delivery worker in the
 * web process (OUTBOX_WORKER=off leaves delivery to `npm run worker`). Not during `next build`, which
 * loads this file too.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const [{ installClientAddressStamp }, { readTrustedProxies }, { startInProcess }] = await Promise.all([
    import('./server/http/client-address-stamp'),
    import('./server/config'),
    import('./server/runtime'),
  ]);
  installClientAddressStamp(readTrustedProxies(process.env.TRUST_PROXY));
  await startInProcess();
}
