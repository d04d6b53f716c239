import { spawn } from 'node:child_process';
import { expect, it } from 'vitest';
import { defaultChristmasSchedule } from '../gift-schedule/default-schedule';
import { describeEachDatabase } from '../testing/databases';
import { migrateToLatest } from './migrate';

function migrateInChildProcess(env: Record<string, string | undefined>): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/testing/migrate-child.ts'], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('exit', resolve);
  });
}

describeEachDatabase(
  'migrations',
  (database) => {
    it('migrate an empty database when three processes start at once, seeding the schedule once', async () => {
      const { config, handle, repos } = database();
      const env =
        config.dialect === 'postgres' ? { DATABASE_URL: config.url } : { DATABASE_URL: '', SQLITE_PATH: config.file };
      const codes = await Promise.all([1, 2, 3].map(() => migrateInChildProcess(env)));
      expect(codes).toEqual([0, 0, 0]);

      const windows = await repos.giftSchedule.list();
      expect(windows.map(({ giftNumber, startTimestamp, endTimestamp }) => ({ giftNumber, startTimestamp, endTimestamp }))).toEqual(
        defaultChristmasSchedule(),
      );
      const migrations = await handle.db
        .selectFrom('kysely_migration' as never)
        .select('name' as never)
        .execute();
      expect(migrations).toHaveLength(3); // 001, 002, 004 (003 is issue 10's)
    }, 60_000);

    it('is a no-op when run again', async () => {
      const { handle, repos } = database();
      await migrateToLatest(handle);
      await migrateToLatest(handle);
      expect(await repos.giftSchedule.list()).toHaveLength(13);
    });
  },
  { migrate: false },
);

it('the default schedule runs gift 1 to 13 in turn across December 2026 and January 2027, without overlaps', () => {
  const windows = defaultChristmasSchedule();
  expect(windows.map((w) => w.giftNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  expect(new Date(windows[0]!.startTimestamp).toISOString()).toBe('2026-12-16T07:00:00.000Z');
  expect(new Date(windows[12]!.endTimestamp).toISOString()).toBe('2027-01-10T07:00:00.000Z');
  for (let i = 1; i < windows.length; i++) expect(windows[i]!.startTimestamp).toBeGreaterThan(windows[i - 1]!.endTimestamp);
});
