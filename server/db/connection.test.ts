import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { restoreDatabase } from '../ops/backup';
import { createRepositories, type Repositories } from '../repositories';
import { sampleLead } from '../testing/fixtures';
import { openDatabase, type DatabaseHandle } from './connection';
import { DatabaseFileMovedError, DatabaseStartRefusal, markerOf } from './database-file';
import { migrateToLatest } from './migrate';

describe('the SQLite file', () => {
  it('is created readable by its owner only, with its -wal and -shm, in an owner-only folder', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-site-mode-'));
    const file = path.join(dir, 'data', 'site.db');
    const handle = await openDatabase({ dialect: 'sqlite', file });
    try {
      // Writing makes SQLite create the -wal (and -shm) beside the file.
      await migrateToLatest(handle);
      const modes = Object.fromEntries([file, `${file}-wal`, `${file}-shm`].map((f) => [path.basename(f), fs.statSync(f).mode & 0o777]));
      expect(modes).toEqual({ 'site.db': 0o600, 'site.db-wal': 0o600, 'site.db-shm': 0o600 });
      expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    } finally {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the SQLite file under watch', () => {
  let dir: string;
  let file: string;
  let handle: DatabaseHandle | undefined;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-site-watch-'));
    file = path.join(dir, 'site.db');
  });
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function open(): Promise<Repositories> {
    handle = await openDatabase({ dialect: 'sqlite', file });
    await migrateToLatest(handle);
    return createRepositories(handle);
  }
  async function close() {
    await handle?.close();
    handle = undefined;
  }
  async function leadIdsIn(at: string): Promise<number[]> {
    const other = await openDatabase({ dialect: 'sqlite', file: at });
    try {
      return (await other.db.selectFrom('leads').select('id').orderBy('id').execute()).map((row) => row.id);
    } finally {
      await other.close();
    }
  }
  const accept = async (repos: Repositories) => (await repos.leads.accept(sampleLead(), { kind: 'deal', payload: {} })).leadId;
  const rescued = () => fs.readdirSync(dir).filter((name) => name.startsWith('site.db.rescued-'));

  it('a new database gets its marker; a start that finds the marker and not the database refuses and makes none', async () => {
    await open();
    expect(fs.readFileSync(markerOf(file), 'utf8')).toContain('site.db');
    await close();
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });

    await expect(openDatabase({ dialect: 'sqlite', file })).rejects.toThrow(DatabaseStartRefusal);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('renamed: the next lead is refused and rolled back, the process writes a rescue copy, and once the file is back leads go in again', async () => {
    const repos = await open();
    const acknowledged = [await accept(repos), await accept(repos)];
    fs.renameSync(file, `${file}.moved`);

    await expect(accept(repos)).rejects.toThrow(DatabaseFileMovedError);
    expect(handle!.movedFile()).toEqual({ part: 'database', path: file, found: 'nothing' });

    fs.renameSync(`${file}.moved`, file);
    expect(handle!.movedFile()).toBeNull();
    acknowledged.push(await accept(repos));
    await close(); // waits for the rescue copy

    expect(await leadIdsIn(file)).toEqual(acknowledged);
    expect(rescued()).toHaveLength(1);
    expect(await leadIdsIn(path.join(dir, rescued()[0]!))).toEqual(acknowledged.slice(0, 2));
  });

  it('deleted: leads are refused; the rescue copy holds every acknowledged one and `restore` puts it where the start refused to make a new database', async () => {
    const repos = await open();
    const acknowledged = [await accept(repos), await accept(repos), await accept(repos)];
    fs.rmSync(file);
    await expect(accept(repos)).rejects.toThrow(DatabaseFileMovedError);
    await expect(repos.heartbeats.beat('test', Date.now(), 0)).rejects.toThrow(DatabaseFileMovedError);
    await close();
    // The closed connection checkpointed into the deleted file and removed the -wal: only the copy is left.
    expect(fs.existsSync(file)).toBe(false);

    const refusal = await openDatabase({ dialect: 'sqlite', file }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DatabaseStartRefusal);
    const copy = path.join(dir, rescued()[0]!);
    expect((refusal as Error).message).toContain(
      `restore the copy the site wrote when the file left its path, with the site and the worker stopped: \`npm run restore -- ${copy}\``,
    );
    expect(fs.statSync(copy).mode & 0o777).toBe(0o600);

    await restoreDatabase({ dialect: 'sqlite', file }, copy);
    expect(await leadIdsIn(file)).toEqual(acknowledged);
  });

  it('deleted together with its marker: the start still refuses while the rescue copy lies beside the path, and `restore` puts the copy back', async () => {
    const repos = await open();
    const acknowledged = [await accept(repos), await accept(repos)];
    fs.rmSync(file);
    fs.rmSync(markerOf(file));
    await expect(accept(repos)).rejects.toThrow(DatabaseFileMovedError);
    await close();
    const copy = path.join(dir, rescued()[0]!);

    const refusal = await openDatabase({ dialect: 'sqlite', file }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DatabaseStartRefusal);
    expect((refusal as Error).message).toContain(`The SQLite database ${file} is missing, but ${copy} lies beside it`);
    expect(fs.existsSync(file)).toBe(false);

    await restoreDatabase({ dialect: 'sqlite', file }, copy);
    expect(await leadIdsIn(file)).toEqual(acknowledged);
  });

  it('a move during the commit: the commit happened, but is not acknowledged', async () => {
    await open();
    const live = handle!;
    let checks = 0;
    // The file leaves between the check before the commit and the one after it.
    const movedDuringCommit: DatabaseHandle = { ...live, movedFile: () => (++checks === 1 ? null : { part: 'database', path: file, found: 'nothing' }) };
    // A write transaction of a repository: the health check's heartbeat.
    await expect(createRepositories(movedDuringCommit).heartbeats.beat('probe', 1, 0)).rejects.toThrow(DatabaseFileMovedError);
    expect(checks).toBe(2);
    expect(await createRepositories(live).heartbeats.lastBeat('probe')).toBe(1);
  });
});
