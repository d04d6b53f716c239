/**
 * Runs once when a Next.js server starts (server/instance.ts: the client-address stamp, the graceful
 * stop, migrations, the inline workers). Imported under the `nodejs` test only, so the Edge
 * bundle never sees Node's modules. Not during `next build`, which loads this file too.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs' && process.env.NEXT_PHASE !== 'phase-production-build') {
    const { startInstance } = await import('./server/instance');
    await startInstance();
  }
}
