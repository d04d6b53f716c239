import fs from 'node:fs';
import os from 'node:os';

/**
 * Where tests put their SQLite files: a memory-backed folder when the machine has one (/dev/shm), else
 * the temporary folder. The connection keeps synchronous=FULL as in production, so every commit is an
 * fsync; on a disk shared with builds that costs 5-10 ms a commit, most of a write-heavy test's time,
 * and on tmpfs nothing. What the tests check (what a commit makes visible, locks, the WAL) is the same.
 */
export function testScratchRoot(): string {
  try {
    if (fs.statSync('/dev/shm').isDirectory()) {
      fs.accessSync('/dev/shm', fs.constants.W_OK);
      return '/dev/shm';
    }
  } catch {
    // no memory-backed folder here
  }
  return os.tmpdir();
}
