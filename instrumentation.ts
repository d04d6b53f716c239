/**
 * Runs once when a Next.js server starts: migrates the database and starts the GetCourse delivery
 * worker in the web process (OUTBOX_WORKER=off leaves delivery to `npm run worker`). Not during
 * `next build`, which loads this file too.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const { startInProcess } = await import('./server/runtime');
  await startInProcess();
}
