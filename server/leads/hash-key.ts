import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { HashKeySource } from '../config';

/**
 * The key of the client-address and e-mail hashes. Never in the database: whoever reads a copy of the
 * database must not be able to recompute the hashes of all 2^32 IPv4 addresses. `ADDRESS_HASH_KEY`
 * (several instances must share it) or else a key file, created once with owner-only access.
 */
export function loadHashKey(source: HashKeySource): string {
  if (source.kind === 'value') return source.value;
  try {
    return readKeyFile(source.file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(path.dirname(source.file), { recursive: true, mode: 0o700 });
  // Written aside, then linked into place: of two processes starting together, one key wins whole and
  // the other process reads it (link fails on an existing file, and never shows a half-written one).
  const draft = `${source.file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(draft, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  try {
    fs.linkSync(draft, source.file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(draft, { force: true });
  }
  return readKeyFile(source.file);
}

function readKeyFile(file: string): string {
  const key = fs.readFileSync(file, 'utf8').trim();
  if (key.length < 32) throw new Error(`${file} holds no usable key (32 characters or more); delete it to have a new one made`);
  return key;
}
