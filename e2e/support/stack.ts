/**
 * The server side of the end-to-end suite, started by Playwright's webServer: the fake GetCourse, the
 * fake Telegram of the lead-alert bot and the fake tag manager, then a
 * production build served by `next start` (never a dev server) on a fresh SQLite database.
 * It builds first unless E2E_SKIP_BUILD=1 (the test command builds once before the system and e2e stages).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { startFakeGetCourse } from '../../tests/support/fake-getcourse';
import { startFakeTelegram } from '../../tests/support/fake-telegram';
import { startFakeTagManager } from './fake-tag-manager';
import { startNextServer } from '../../tests/support/next-server';
import { openDatabase } from '../../server/db/connection';
import { markerOf } from '../../server/db/database-file';
import { migrateToLatest } from '../../server/db/migrate';
import { createRepositories } from '../../server/repositories';
import { e2eDatabasePath, e2eEnv, e2ePageTestsEnv, e2ePort, e2eRunningGift, e2eTelegramEnv, fakeGetCoursePort, fakeTelegramPort } from './env';

async function main() {
  const env = e2eEnv();

  if (process.env.E2E_SKIP_BUILD !== '1') {
    // `npm run build`, not `next build`: the pages are tested as they ship (scripts/first-paint.ts rewrites them).
    const build = spawnSync('npm', ['run', 'build'], { env, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }

  // A fresh database on purpose: its marker goes too (server/db/database-file.ts).
  for (const file of [e2eDatabasePath, `${e2eDatabasePath}-wal`, `${e2eDatabasePath}-shm`, markerOf(e2eDatabasePath)]) fs.rmSync(file, { force: true });
  await seedRunningGift();

  const gc = await startFakeGetCourse({ port: fakeGetCoursePort });
  console.log(`fake GetCourse on ${gc.url}`);
  const telegram = await startFakeTelegram({ port: fakeTelegramPort });
  console.log(`fake Telegram on ${telegram.url}`);
  const tagManager = await startFakeTagManager();
  console.log(`fake tag manager on ${tagManager.url}`);
  const closeFakes = () => Promise.all([gc.close(), telegram.close(), tagManager.close()]);

  // As behind one proxy of ours: a spec gives its visitors addresses of their own (X-Forwarded-For, see
  // e2e/support/visitor-address.ts); a request without the header is 127.0.0.1's, as before. Idle
  // connections stay open longer than a test lasts: the clients here (Playwright's requests, Chromium)
  // reuse them, and a POST on one the server closed that moment failed with ECONNRESET (vitals.spec.ts,
  // after a 5-s pause in the console); behind nginx, nginx closes first.
  const server = await startNextServer(
    e2ePort,
    { ...env, ...e2eTelegramEnv, ...e2ePageTestsEnv, TRUST_PROXY: '1' },
    { echo: true, timeoutMs: 300_000, keepAliveMs: 120_000 },
  );
  void server.exited.then(({ code }) => {
    void closeFakes();
    process.exit(code ?? 0);
  });

  const stop = () => {
    void server
      .kill('SIGTERM')
      .then(() => closeFakes())
      .then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/** Migrates the run's fresh database as the server would, and adds the run's gift window to it. */
async function seedRunningGift() {
  const handle = await openDatabase({ dialect: 'sqlite', file: e2eDatabasePath });
  try {
    await migrateToLatest(handle);
    const { giftSchedule } = createRepositories(handle);
    const now = Date.now();
    const window = { giftNumber: e2eRunningGift.giftNumber, startTimestamp: now - e2eRunningGift.before, endTimestamp: now + e2eRunningGift.after };
    // The default schedule (migration 002) lies in December 2026; the run's window replaces any that overlaps it.
    for (const stored of await giftSchedule.list()) {
      if (stored.startTimestamp < window.endTimestamp && window.startTimestamp < stored.endTimestamp) await giftSchedule.remove(stored.id);
    }
    const added = await giftSchedule.add(window, now);
    if ('problem' in added) throw new Error(`the run's gift window was refused: ${JSON.stringify(added.problem)}`);
  } finally {
    await handle.close();
  }
  console.log(`gift ${e2eRunningGift.giftNumber} runs for this end-to-end run`);
}

void main();
