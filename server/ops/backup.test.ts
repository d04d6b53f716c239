import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../config';
import { openDatabase } from '../db/connection';
import { markerOf } from '../db/database-file';
import { createSqliteDatabase, type TestDatabase } from '../testing/databases';
import { sampleLead } from '../testing/fixtures';
import { backupDatabase, OpsError, restoreDatabase } from './backup';

const root = path.resolve(__dirname, '../..');
let database: TestDatabase;
let dispose: () => Promise<void>;
let dir: string;

beforeAll(async () => {
  ({ database, dispose } = await createSqliteDatabase());
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-site-backup-'));
});
afterAll(async () => {
  await dispose();
  fs.rmSync(dir, { recursive: true, force: true });
});

type SqliteConfig = Extract<DatabaseConfig, { dialect: 'sqlite' }>;
const sqliteAt = (name: string): SqliteConfig => ({ dialect: 'sqlite', file: path.join(dir, name) });
const liveFile = () => (database.config as SqliteConfig).file;

async function waitFor(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The ids of leads the restored file holds, of those asked about, and of their deliveries. */
async function storedIds(config: DatabaseConfig, ids: number[]) {
  const handle = await openDatabase(config);
  try {
    const leads = await handle.db.selectFrom('leads').select('id').where('id', 'in', ids).execute();
    const deliveries = await handle.db.selectFrom('outbox').select('lead_id').where('lead_id', 'in', ids).execute();
    return { leads: leads.length, deliveries: deliveries.length };
  } finally {
    await handle.close();
  }
}

describe('backup and restore (SQLite)', () => {
  it('a backup taken during a write flood from another process restores every lead acknowledged before it began', async () => {
    const env = { ...process.env, DATABASE_URL: '', SQLITE_PATH: liveFile() };
    const flood = spawn(process.execPath, ['--import', 'tsx', 'server/testing/lead-flood-child.ts'], { cwd: root, env });
    const acknowledged: number[] = [];
    let stderr = '';
    let buffered = '';
    flood.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) acknowledged.push(Number(line.replace('ack ', '')));
    });
    flood.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => flood.once('exit', resolve));

    await waitFor(() => acknowledged.length >= 200, 'the flood to get going');
    const beforeBackup = [...acknowledged];
    const report = await backupDatabase(database.config, path.join(dir, 'flood.backup'));
    const atBackupEnd = acknowledged.length;
    // The flood went on after the backup: the backup did not stop the writer.
    await waitFor(() => acknowledged.length >= atBackupEnd + 100, 'more leads after the backup');
    flood.kill('SIGTERM');
    expect(await exited, stderr).toBe(0);

    expect(report.leads).toBeGreaterThanOrEqual(beforeBackup.length);
    const restored = sqliteAt('restored-flood.db');
    const restoreReport = await restoreDatabase(restored, report.file);
    expect(restoreReport).toMatchObject({ leads: report.leads, replaced: null });
    expect(await storedIds(restored, beforeBackup)).toEqual({ leads: beforeBackup.length, deliveries: beforeBackup.length });
    // A snapshot: leads acknowledged after the backup are not half in it (each lead with its delivery).
    expect(await storedIds(restored, acknowledged)).toEqual({ leads: report.leads, deliveries: report.leads });
  });

  it('restore refuses a damaged file, a file that is no database and a database of something else, and leaves the database alone', async () => {
    const target = sqliteAt('kept.db');
    const kept = await openDatabase(target);
    await kept.db.schema.createTable('marker').addColumn('x', 'integer').execute();
    await kept.close();

    const good = await backupDatabase(database.config, path.join(dir, 'to-damage.backup'));
    const damaged = path.join(dir, 'damaged.backup');
    const bytes = fs.readFileSync(good.file);
    // Every page after the first (the schema) overwritten: the tables' b-trees are garbage.
    bytes.fill(0x5a, 4096);
    fs.writeFileSync(damaged, bytes);
    await expect(restoreDatabase(target, damaged)).rejects.toThrow(OpsError);

    const text = path.join(dir, 'text.backup');
    fs.writeFileSync(text, 'not a database at all, just some text that is long enough to be read '.repeat(20));
    await expect(restoreDatabase(target, text)).rejects.toThrow(/not a readable SQLite database/);

    const foreign = path.join(dir, 'foreign.db');
    const other = await openDatabase({ dialect: 'sqlite', file: foreign });
    await other.db.schema.createTable('leads').addColumn('id', 'integer').execute();
    await other.close();
    await expect(restoreDatabase(target, foreign)).rejects.toThrow(/not a database of this site: no table outbox, settings, kysely_migration/);

    await expect(restoreDatabase(target, path.join(dir, 'missing.backup'))).rejects.toThrow(/does not exist/);

    const after = await openDatabase(target);
    const tables = await after.db.introspection.getTables();
    await after.close();
    expect(tables.map((table) => table.name)).toEqual(['marker']);
    expect(fs.readdirSync(dir).filter((name) => name.includes('.restoring'))).toEqual([]);
  });

  it('restore refuses while another process has the database open, then replaces it once it is closed', async () => {
    const target = sqliteAt('live.db');
    const backup = await backupDatabase(database.config, path.join(dir, 'live.backup'));
    const site = await openDatabase(target);
    await site.db.schema.createTable('old_marker').addColumn('x', 'integer').execute();
    await expect(restoreDatabase(target, backup.file)).rejects.toThrow(/open in another process/);
    await site.close();

    const report = await restoreDatabase(target, backup.file, new Date('2026-11-23T10:00:00Z'));
    expect(report).toEqual({ file: target.file, leads: backup.leads, replaced: `${target.file}.replaced-2026-11-23T10-00-00-000Z` });
    expect(fs.existsSync(`${target.file}-wal`) || fs.existsSync(`${target.file}-shm`)).toBe(false);
    expect((fs.statSync(target.file).mode & 0o777).toString(8)).toBe('600');
    const restored = await openDatabase(target);
    const tables = (await restored.db.introspection.getTables()).map((table) => table.name);
    await restored.close();
    expect(tables).toContain('leads');
    expect(tables).not.toContain('old_marker');
  });

  it('restore replaces a database that is damaged itself', async () => {
    const target = sqliteAt('broken.db');
    fs.writeFileSync(target.file, 'garbage where the database was '.repeat(200));
    const backup = await backupDatabase(database.config, path.join(dir, 'over-broken.backup'));
    const report = await restoreDatabase(target, backup.file);
    expect(report.replaced).not.toBeNull();
    const check = await openDatabase(target);
    const count = await check.db
      .selectFrom('leads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await check.close();
    expect(Number(count.n)).toBe(backup.leads);
  });

  it('backup refuses to overwrite a file; both refuse PostgreSQL and name pg_dump / pg_restore', async () => {
    await database.repos.leads.accept(sampleLead(), null);
    const file = path.join(dir, 'once.backup');
    await backupDatabase(database.config, file);
    await expect(backupDatabase(database.config, file)).rejects.toThrow(/exists already/);
    const postgres: DatabaseConfig = { dialect: 'postgres', url: 'postgres://db.example/site' };
    await expect(backupDatabase(postgres, 'site.dump')).rejects.toThrow(/pg_dump --format=custom --file=site\.dump "\$DATABASE_URL"/);
    await expect(restoreDatabase(postgres, 'site.dump')).rejects.toThrow(/pg_restore --clean --if-exists --no-owner --dbname="\$DATABASE_URL" site\.dump/);
  });

  it('npm run backup / restore: the scripts take the file and the database from the environment', async () => {
    const cli = (script: string, args: string[], sqlitePath: string) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        const env = { ...process.env, DATABASE_URL: '', SQLITE_PATH: sqlitePath };
        execFile(process.execPath, ['--import', 'tsx', script, ...args], { cwd: root, env }, (error, stdout, stderr) =>
          resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
        );
      });
    const file = path.join(dir, 'cli.backup');
    const backedUp = await cli('scripts/backup.ts', [file], liveFile());
    expect(backedUp).toMatchObject({ code: 0, stderr: '' });
    expect(backedUp.stdout).toMatch(/^backed up \d+ leads to .*cli\.backup \(\d+ bytes\)\n$/);
    const restored = await cli('scripts/restore.ts', [file], path.join(dir, 'cli-restored.db'));
    expect(restored).toMatchObject({ code: 0, stderr: '' });
    expect(restored.stdout).toMatch(/^restored \d+ leads into .*cli-restored\.db\n$/);
    // The path holds the site's database now: a start that later finds it gone refuses instead of making an empty one.
    expect(fs.existsSync(markerOf(path.join(dir, 'cli-restored.db')))).toBe(true);
    expect(await cli('scripts/restore.ts', [], path.join(dir, 'unused.db'))).toMatchObject({ code: 2 });
  });
});
