import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './connection';
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
