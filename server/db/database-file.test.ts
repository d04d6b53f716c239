import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkBeforeOpen, DatabaseFileWatch, DatabaseStartRefusal, markerOf, partPath, writeMarker, type MovedFile } from './database-file';

let dir: string;
let file: string;
/** Descriptors held as SQLite holds its files: a deleted file's inode is not handed to a new file meanwhile. */
let held: number[] = [];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'database-file-'));
  file = path.join(dir, 'site.db');
});
afterEach(() => {
  for (const fd of held) fs.closeSync(fd);
  held = [];
  fs.rmSync(dir, { recursive: true, force: true });
});

const write = (at: string, text = 'x') => fs.writeFileSync(at, text);

describe('the watch of the open files (device and inode)', () => {
  function watched() {
    for (const part of ['database', 'wal', 'shm'] as const) held.push(fs.openSync(partPath(file, part), 'w'));
    const events: string[] = [];
    const watch = new DatabaseFileWatch(file, {
      onMoved: (moved: MovedFile) => events.push(`moved ${moved.part} ${moved.found}`),
      onBack: () => events.push('back'),
    });
    return { watch, events };
  }

  it('finds nothing while the files are the ones it began with, written or not', () => {
    const { watch, events } = watched();
    fs.appendFileSync(file, 'more pages');
    fs.truncateSync(partPath(file, 'wal'), 0);
    expect(watch.check()).toBeNull();
    expect(events).toEqual([]);
  });

  it('reports a renamed database as nothing at the path, once, and its return', () => {
    const { watch, events } = watched();
    fs.renameSync(file, `${file}.moved`);
    expect(watch.check()).toEqual({ part: 'database', path: file, found: 'nothing' });
    expect(watch.check()).toEqual({ part: 'database', path: file, found: 'nothing' });
    expect(events).toEqual(['moved database nothing']);
    fs.renameSync(`${file}.moved`, file);
    expect(watch.check()).toBeNull();
    expect(events).toEqual(['moved database nothing', 'back']);
  });

  it('reports another file at the path (a deleted database with a new one made there) by its inode', () => {
    const { watch } = watched();
    fs.rmSync(file);
    write(file, 'a new file with the same name');
    expect(watch.check()).toEqual({ part: 'database', path: file, found: 'another file' });
  });

  it('watches the -wal (the commits since the last checkpoint) and the -shm as well', () => {
    const { watch, events } = watched();
    fs.rmSync(partPath(file, 'wal'));
    expect(watch.check()).toEqual({ part: 'wal', path: partPath(file, 'wal'), found: 'nothing' });
    write(partPath(file, 'wal'));
    expect(watch.check()).toEqual({ part: 'wal', path: partPath(file, 'wal'), found: 'another file' });
    expect(events).toEqual(['moved wal nothing']);

    const second = watched();
    fs.renameSync(partPath(file, 'shm'), `${file}.elsewhere`);
    expect(second.watch.check()).toEqual({ part: 'shm', path: partPath(file, 'shm'), found: 'nothing' });
  });

  it('takes a -wal that was not there yet as the first one that appears', () => {
    held.push(fs.openSync(file, 'w'));
    const watch = new DatabaseFileWatch(file, { onMoved: () => undefined, onBack: () => undefined });
    expect(watch.check()).toBeNull();
    held.push(fs.openSync(partPath(file, 'wal'), 'w'));
    expect(watch.check()).toBeNull();
    fs.rmSync(partPath(file, 'wal'));
    expect(watch.check()).toMatchObject({ part: 'wal', found: 'nothing' });
  });
});

describe('the start: the marker and what the path holds', () => {
  const refusal = () => {
    try {
      checkBeforeOpen(file);
    } catch (error) {
      expect(error).toBeInstanceOf(DatabaseStartRefusal);
      return (error as Error).message;
    }
    throw new Error('the start was not refused');
  };

  it('a fresh install (no file, no marker) makes a new database; a database there is opened', () => {
    expect(checkBeforeOpen(file)).toBe('new');
    write(file, 'pages');
    expect(checkBeforeOpen(file)).toBe('existing');
    writeMarker(file);
    expect(checkBeforeOpen(file)).toBe('existing');
  });

  it('an empty file left by a start cut short before its marker is opened again', () => {
    write(file, '');
    expect(checkBeforeOpen(file)).toBe('existing');
  });

  it('refuses a missing database the marker speaks of, saying what to do, and names the rescued copy', () => {
    writeMarker(file);
    const message = refusal();
    expect(message).toContain(`The SQLite database ${file} is missing, but ${markerOf(file)} says the site kept its database there.`);
    expect(message).toContain('move it back, together with its site.db-wal and site.db-shm');
    expect(message).toContain('restore a backup with `npm run restore -- <file>`');
    expect(message).toContain(`To start over with an empty database on purpose, delete ${markerOf(file)}.`);
    expect(message).not.toContain('rescued');

    write(`${file}.rescued-2026-11-23T10-00-00-000Z`);
    write(`${file}.rescued-2026-11-24T10-00-00-000Z`);
    write(`${file}.rescued-2026-11-25T10-00-00-000Z.partial`);
    const copy = `${file}.rescued-2026-11-24T10-00-00-000Z`;
    const withCopy = refusal();
    expect(withCopy).toContain(
      `restore the copy the site wrote when the file left its path, with the site and the worker stopped: \`npm run restore -- ${copy}\` (in a release folder: \`node cli/restore.mjs ${copy}\`).`,
    );
    expect(withCopy).toContain(
      `To start over with an empty database on purpose, delete ${markerOf(file)} and move the site.db.rescued-* copies out of ${dir}.`,
    );
  });

  it('refuses a missing or empty database while a rescued copy lies beside it, even with the marker gone, naming the copy and its restore', () => {
    const copy = `${file}.rescued-2026-11-24T10-00-00-000Z`;
    write(copy, 'pages of the rescued database');
    const missing = refusal();
    expect(missing).toContain(`The SQLite database ${file} is missing, but ${copy} lies beside it: the copy the site wrote when its database left this path`);
    expect(missing).toContain(`\`npm run restore -- ${copy}\``);
    expect(missing).toContain(`To start over with an empty database on purpose, move the site.db.rescued-* copies out of ${dir}.`);
    // Nothing was made at the path.
    expect(fs.existsSync(file)).toBe(false);

    write(file, '');
    expect(refusal()).toContain(`The SQLite database ${file} is an empty file, but ${copy} lies beside it`);
    // A copy half-written (the rescue cut short) is no copy; a database at the path is opened whatever lies beside it.
    fs.rmSync(file);
    fs.renameSync(copy, `${copy}.partial`);
    expect(checkBeforeOpen(file)).toBe('new');
    write(copy, 'pages of the rescued database');
    write(file, 'pages');
    expect(checkBeforeOpen(file)).toBe('existing');
  });

  it('refuses an empty file where the marker says the database was', () => {
    writeMarker(file);
    write(file, '');
    expect(refusal()).toMatch(/^The SQLite database .*site\.db is an empty file, but .*site\.db\.marker says/);
  });

  it('refuses a -wal with changes whose database is missing, marker or not (a new database would take them as its own)', () => {
    write(partPath(file, 'wal'), 'frames of the old database');
    expect(refusal()).toContain(`its write-ahead log ${file}-wal is still there (26 bytes of changes that belong to that database)`);
    fs.truncateSync(partPath(file, 'wal'), 0);
    expect(checkBeforeOpen(file)).toBe('new');
  });

  it('writes the marker once, owner-only, naming the database and what it is for', () => {
    writeMarker(file, new Date('2026-11-23T10:00:00Z'));
    const text = fs.readFileSync(markerOf(file), 'utf8');
    expect(text).toContain("the SQLite database of the school's site: site.db (marked on 2026-11-23T10:00:00.000Z)");
    expect(text).toContain('To start over with an empty database, delete this file\nand move any site.db.rescued-* copy out of this folder.');
    expect(fs.statSync(markerOf(file)).mode & 0o777).toBe(0o600);
    writeMarker(file, new Date('2027-01-01T00:00:00Z'));
    expect(fs.readFileSync(markerOf(file), 'utf8')).toBe(text);
  });
});
