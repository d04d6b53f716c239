/**
 * The server side of the end-to-end suite, started by Playwright's webServer: the fake GetCourse, then a
 * production build served by `next start` (never a dev server) on a fresh SQLite database.
 * It builds first unless E2E_SKIP_BUILD=1 (the test command builds once before the system and e2e stages).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startFakeGetCourse } from '../../tests/support/fake-getcourse';
import Database from 'better-sqlite3';
import { e2eBaseUrl, e2eDatabasePath, e2eEnv, e2ePort, e2eRunningGift, fakeGetCoursePort } from './env';

async function main() {
  const env = e2eEnv();

  if (process.env.E2E_SKIP_BUILD !== '1') {
    // `npm run build`, not `next build`: the pages are tested as they ship (scripts/paint-first.ts rewrites them).
    const build = spawnSync('npm', ['run', 'build'], { env, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }

  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(e2eDatabasePath + suffix, { force: true });

  const gc = await startFakeGetCourse({ port: fakeGetCoursePort });
  console.log(`fake GetCourse on ${gc.url}`);

  // Node runs Next's CLI directly (no npx in between), so stopping this child stops the server itself.
  const nextCli = path.resolve('node_modules/next/dist/bin/next');
  const server = spawn(process.execPath, [nextCli, 'start', '-p', String(e2ePort), '-H', '127.0.0.1'], { env, stdio: 'inherit' });
  server.on('exit', (code) => {
    void gc.close();
    process.exit(code ?? 0);
  });

  await seedRunningGift();

  const stop = () => {
    server.kill('SIGTERM');
    void gc.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/** Once the server has migrated its database (the schedule answers), adds the run's gift window to it. */
async function seedRunningGift() {
  for (;;) {
    const ready = await fetch(`${e2eBaseUrl}/api/gift-schedule`).then((response) => response.ok, () => false);
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const now = Date.now();
  const db = new Database(e2eDatabasePath);
  try {
    db.prepare('insert into gift_schedule_windows (gift_number, start_at, end_at, created_at) values (?, ?, ?, ?)').run(
      e2eRunningGift.giftNumber,
      now - e2eRunningGift.before,
      now + e2eRunningGift.after,
      now,
    );
  } finally {
    db.close();
  }
  console.log(`gift ${e2eRunningGift.giftNumber} runs for this end-to-end run`);
}

void main();
