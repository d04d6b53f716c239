/**
 * A throwaway copy of the project for the tests that prove one edit of a content file is enough (a 14th
 * gift offer, a course price, an event's publish date): the code and content folders copied, node_modules
 * linked, and a way to run a script there as the release or the content check would.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface ProjectCopy {
  folder: string;
  /** Replaces `from` (which must be there) with `to` in a file of the copy. */
  edit(file: string, from: string, to: string): void;
  /** `node --import tsx <args>` in the copy, on its own SQLite file; `react-server` for the content check. */
  run(args: string[], options?: { reactServer?: boolean; env?: Record<string, string> }): { code: number | null; out: string; err: string };
  /** A probe script run as `run` does: what its last printed line says, as JSON (its error output when it fails). */
  probe<T>(args: string[], options?: { reactServer?: boolean; env?: Record<string, string> }): T;
  /** Deleted unless KEEP_COPY is set (to look at a failure). */
  remove(): void;
}

export function copyProject(name: string): ProjectCopy {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `school-site-${name}-`));
  for (const entry of ['content', 'lib', 'server', 'features', 'components', 'scripts', 'tsconfig.json', 'package.json']) {
    fs.cpSync(path.join(root, entry), path.join(folder, entry), { recursive: true });
  }
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(folder, 'node_modules'), 'dir');
  return {
    folder,
    edit(file, from, to) {
      const target = path.join(folder, file);
      const text = fs.readFileSync(target, 'utf8');
      if (!text.includes(from)) throw new Error(`${file} of the copy no longer holds ${JSON.stringify(from)}`);
      fs.writeFileSync(target, text.replace(from, to));
    },
    run(args, { reactServer = false, env = {} } = {}) {
      const result = spawnSync(process.execPath, ['--import', 'tsx', ...(reactServer ? ['--conditions=react-server'] : []), ...args], {
        cwd: folder,
        encoding: 'utf8',
        env: { ...process.env, SQLITE_PATH: path.join(folder, 'site.db'), DATABASE_URL: '', OUTBOX_WORKER: 'off', ...env },
      });
      return { code: result.status, out: result.stdout, err: result.stderr };
    },
    probe(args, options) {
      const result = this.run(args, options);
      if (result.code !== 0) throw new Error(`${args.join(' ')} exited with ${result.code}:\n${result.err}`);
      return JSON.parse(result.out.trim().split('\n').at(-1)!);
    },
    remove() {
      if (!process.env.KEEP_COPY) fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
