/**
 * The SQLite file under watch. A process keeps the files it opened even when they leave their path: after
 * `rm site.db` it goes on writing into a deleted file, after `mv site.db …` into the moved one, while the
 * next start would make a new, empty database at the path. So:
 * - before acknowledging a write (and on every health call) the process checks that the database, its
 *   -wal and its -shm at their paths are still the files it has open (device and inode). The -wal holds
 *   every commit since the last checkpoint: a database whose -wal was deleted loses those commits at the
 *   next start. The -shm holds no data, but a process opening the database later would make a new one
 *   beside it and the two would no longer see each other's writes;
 * - a marker file beside the database says that the path held a database: a start that finds the marker
 *   but no database (or an empty file) refuses, in plain words, instead of creating an empty one. So does
 *   a start that finds a copy the site rescued when its file left the path (the marker may have gone with
 *   the file): the message names the copy and the command that restores it.
 */
import fs from 'node:fs';
import path from 'node:path';

export type DatabaseFilePart = 'database' | 'wal' | 'shm';

const SUFFIXES: Record<DatabaseFilePart, string> = { database: '', wal: '-wal', shm: '-shm' };

/** Where a part of the database lives: `site.db`, `site.db-wal`, `site.db-shm`. */
export const partPath = (file: string, part: DatabaseFilePart) => file + SUFFIXES[part];

/** The marker beside the database: it names the database and says what it is for. */
export const markerOf = (file: string) => `${file}.marker`;

interface Identity {
  dev: number;
  ino: number;
}

/** The device and inode of the file at `file`, or null when nothing is there. */
export function fileIdentity(file: string): Identity | null {
  try {
    const stat = fs.statSync(file);
    return { dev: stat.dev, ino: stat.ino };
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return null;
    throw error;
  }
}

/** A part of the database that is no longer at its path: gone, or another file stands there. */
export interface MovedFile {
  part: DatabaseFilePart;
  path: string;
  found: 'nothing' | 'another file';
}

/** Refuses a write whose database file is no longer at its path (answered like any unavailable database: 503). */
export class DatabaseFileMovedError extends Error {
  readonly code = 'DB_FILE_MOVED';
  constructor(readonly moved: MovedFile) {
    super(`the SQLite ${moved.part} file this process has open is no longer at ${moved.path} (${moved.found} there)`);
    this.name = 'DatabaseFileMovedError';
  }
}

/** A start refused because it would put a new, empty database where one was: the message says what to do. */
export class DatabaseStartRefusal extends Error {
  readonly code = 'DB_START_REFUSED';
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseStartRefusal';
  }
}

/** Whether an error (from any bundle's copy of this module: compared by code) is one of the two above. */
export const isDatabaseFileMoved = (error: unknown) => (error as { code?: unknown } | null)?.code === 'DB_FILE_MOVED';
export const isDatabaseStartRefusal = (error: unknown): error is DatabaseStartRefusal => (error as { code?: unknown } | null)?.code === 'DB_START_REFUSED';

/**
 * The files a connection opened, compared with the files at their paths. `check` reports the first part
 * that moved; `onMoved` hears when the files leave their paths (once, until they are back), `onBack`
 * when they are all back.
 */
export class DatabaseFileWatch {
  private readonly opened = new Map<DatabaseFilePart, Identity | null>();
  private moved = false;

  constructor(
    private readonly file: string,
    private readonly events: { onMoved(moved: MovedFile): void; onBack(): void },
  ) {
    for (const part of Object.keys(SUFFIXES) as DatabaseFilePart[]) this.opened.set(part, fileIdentity(partPath(file, part)));
    if (!this.opened.get('database')) throw new Error(`${file} does not exist: nothing to watch`);
  }

  check(): MovedFile | null {
    const moved = this.firstMoved();
    if (moved && !this.moved) this.events.onMoved(moved);
    if (!moved && this.moved) this.events.onBack();
    this.moved = moved !== null;
    return moved;
  }

  private firstMoved(): MovedFile | null {
    for (const [part, opened] of this.opened) {
      const at = partPath(this.file, part);
      const current = fileIdentity(at);
      // A -wal or -shm SQLite had not made yet when the watch began: the first one found is the one it opened.
      if (!opened) {
        if (current) this.opened.set(part, current);
        continue;
      }
      if (!current) return { part, path: at, found: 'nothing' };
      if (current.dev !== opened.dev || current.ino !== opened.ino) return { part, path: at, found: 'another file' };
    }
    return null;
  }
}

/**
 * What a start may do at `file`, decided before SQLite opens (and would create) it: open the database
 * there, or make a new one when nothing says one was there. Throws DatabaseStartRefusal when the marker,
 * a copy the site rescued (`site.db.rescued-<time>`, sqlite-copy.ts) or a -wal with changes says a
 * database belongs there but it is missing or empty. A rescued copy alone is enough: the file deleted
 * together with its marker leaves that copy as the only one of its leads.
 */
export function checkBeforeOpen(file: string): 'existing' | 'new' {
  const size = fileSize(file);
  if (size !== null && size > 0) return 'existing';
  const marker = markerOf(file);
  const name = path.basename(file);
  const rescued = newestRescueCopy(file);
  const restoreCopy = rescued
    ? `restore the copy the site wrote when the file left its path, with the site and the worker stopped: ${restoreCommand(rescued)}`
    : 'restore a backup with `npm run restore -- <file>`';
  const putBack = `If the file was moved, stop the site and move it back, together with its ${name}-wal and ${name}-shm if they went with it; or ${restoreCopy}.`;
  const startOver = (deleted: string[]) => {
    const steps = deleted.length > 0 ? [`delete ${deleted.join(' and ')}`] : [];
    if (rescued) steps.push(`move the ${name}.rescued-* copies out of ${path.dirname(file)}`);
    return `To start over with an empty database on purpose, ${steps.join(' and ')}.`;
  };
  const state = size === null ? 'missing' : 'an empty file';
  if (fs.existsSync(marker)) {
    throw new DatabaseStartRefusal(
      `The SQLite database ${file} is ${state}, but ${marker} says the site kept its database there. ` +
        `The site does not start on ${size === null ? 'a new, empty database' : 'an empty database'} in its place (its leads would seem lost). ` +
        `${putBack} ${startOver(size === null ? [marker] : [file, marker])}`,
    );
  }
  if (rescued) {
    throw new DatabaseStartRefusal(
      `The SQLite database ${file} is ${state}, but ${rescued} lies beside it: the copy the site wrote when its database ` +
        `left this path, with every lead it had acknowledged. The site does not start on a new, empty database in its place ` +
        `(its leads would seem lost). ${putBack} ${startOver(size === null ? [] : [file])}`,
    );
  }
  const walSize = fileSize(partPath(file, 'wal'));
  if (size === null && walSize !== null && walSize > 0) {
    throw new DatabaseStartRefusal(
      `The SQLite database ${file} is missing, but its write-ahead log ${partPath(file, 'wal')} is still there (${walSize} bytes of ` +
        `changes that belong to that database). A new database beside it would take those changes as its own and be damaged. ` +
        `${putBack} To start over with an empty database on purpose, move ${name}-wal and ${name}-shm away first.`,
    );
  }
  return size === null ? 'new' : 'existing';
}

/** The command that puts `copy` in place, as run from a checkout and from a release folder (cli/, docs/operations.md). */
function restoreCommand(copy: string): string {
  return `\`npm run restore -- ${copy}\` (in a release folder: \`node cli/restore.mjs ${copy}\`)`;
}

/** Writes the marker beside a database that has none (a new one, or one opened before markers existed). */
export function writeMarker(file: string, now = new Date()): void {
  const name = path.basename(file);
  const text = [
    `This folder holds the SQLite database of the school's site: ${name} (marked on ${now.toISOString()}).`,
    `While this file is here, the site and its tools refuse to start without ${name} (or with it empty)`,
    'instead of making a new, empty database in its place, where its leads would seem lost.',
    `To move the database, stop the site and move ${name} together with ${name}-wal and ${name}-shm, or use`,
    '`npm run backup` and `npm run restore` (docs/operations.md, "Backups"). To start over with an empty database, delete this file',
    `and move any ${name}.rescued-* copy out of this folder.`,
    '',
  ].join('\n');
  try {
    fs.writeFileSync(markerOf(file), text, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
  }
}

function fileSize(file: string): number | null {
  try {
    return fs.statSync(file).size;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return null;
    throw error;
  }
}

/** The newest copy a running site wrote when its file left the path (`site.db.rescued-<time>`), or null. */
function newestRescueCopy(file: string): string | null {
  const prefix = `${path.basename(file)}.rescued-`;
  let names: string[];
  try {
    names = fs.readdirSync(path.dirname(file));
  } catch {
    return null;
  }
  const newest = names
    .filter((name) => name.startsWith(prefix) && !name.endsWith('.partial'))
    .sort()
    .at(-1);
  return newest ? path.join(path.dirname(file), newest) : null;
}
