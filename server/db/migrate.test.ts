import { spawn } from 'node:child_process';
import { expect, it } from 'vitest';
import { defaultChristmasSchedule } from '../rules/default-gift-schedule';
import { describeEachDatabase, dropEveryTable, tablesOf } from '../testing/databases';
import { createMigrator, migrateToLatest, migrations as allMigrations } from './migrate';
import type { PastSchema } from './migrations/past-schema';

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
      const env = config.dialect === 'postgres' ? { DATABASE_URL: config.url } : { DATABASE_URL: '', SQLITE_PATH: config.file };
      const codes = await Promise.all([1, 2, 3].map(() => migrateInChildProcess(env)));
      expect(codes).toEqual([0, 0, 0]);

      const windows = await repos.giftSchedule.list();
      expect(windows.map(({ giftNumber, startTimestamp, endTimestamp }) => ({ giftNumber, startTimestamp, endTimestamp }))).toEqual(defaultChristmasSchedule());
      const migrations = await handle.db
        .selectFrom('kysely_migration' as never)
        .select('name' as never)
        .execute();
      expect(migrations).toHaveLength(Object.keys(allMigrations(config.dialect)).length);
    }, 60_000);

    it('is a no-op when run again', async () => {
      const { handle, repos } = database();
      await migrateToLatest(handle);
      await migrateToLatest(handle);
      expect(await repos.giftSchedule.list()).toHaveLength(13);
    });

    it('003 keeps the leads of an older database: one phone spelling, waiting pop-up form posts become deals, id submissions go', async () => {
      const { handle, config } = database();
      await dropEveryTable(handle);
      const migrator = await createMigrator(handle.db, config.dialect);
      expect((await migrator.migrateTo('002-christmas-schedule')).error).toBeUndefined();

      const db = handle.db as unknown as PastSchema;
      const lead = {
        created_at: 1,
        form_id: 'popup-junior-discount',
        product_name: 'njfd',
        event: 'application',
        name: 'Анна',
        email: 'Anna@Example.com',
        page_path: '/',
        consent_text_version: 'v',
        delivery_mode: 'gc_form',
      };
      const { id: typed } = await db
        .insertInto('leads')
        .values({ ...lead, phone: '+7 916 123-45-67', phone_e164: '+79161234567' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { id: sent } = await db
        .insertInto('leads')
        .values({ ...lead, phone: '+79161234568', phone_e164: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { id: submission } = await db
        .insertInto('id_submissions')
        .values({ created_at: 1, email: 'anna@example.com', is_spam: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const row = { payload: '{"formAction":"/pl/lite/block-public/process-html?id=1"}', attempts: 1, next_attempt_at: 1, created_at: 1, updated_at: 1 };
      await db
        .insertInto('outbox')
        .values([
          { ...row, kind: 'gc_form', lead_id: typed, status: 'pending' },
          { ...row, kind: 'gc_form', lead_id: sent, status: 'sent' },
          { ...row, kind: 'user_ids', id_submission_id: submission, status: 'dead' },
        ])
        .execute();

      await migrateToLatest(handle);

      const leads = await handle.db.selectFrom('leads').select(['id', 'phone', 'anonymized_at']).orderBy('id').execute();
      expect(leads).toEqual([
        { id: typed, phone: '+79161234567', anonymized_at: null },
        { id: sent, phone: '+79161234568', anonymized_at: null },
      ]);
      const outbox = await handle.db.selectFrom('outbox').select(['lead_id', 'kind', 'deal_number', 'status']).orderBy('id').execute();
      expect(outbox).toEqual([
        { lead_id: typed, kind: 'deal', deal_number: String(1_000_000_000 + typed), status: 'pending' },
        { lead_id: sent, kind: 'gc_form', deal_number: null, status: 'sent' },
      ]);
      expect(await tablesOf(handle)).not.toContain('id_submissions');
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
