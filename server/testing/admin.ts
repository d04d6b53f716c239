import { randomBytes, scrypt } from 'node:crypto';
import { readServerConfig } from '../config';
import { createAuth, type PasswordHashing } from '../admin/auth';
import type { AdminRuntime } from '../admin/runtime';
import type { TestDatabase } from './databases';

/**
 * The console's runtime over a test database (better-auth included), as getAdminRuntime() builds it,
 * but for the cost of its password hashes unless `site` is asked for: the site's scrypt takes a third of
 * a second of a core a password, and these tests check hundreds of passwords for who gets in, not how
 * hard a stolen hash is to crack.
 */
export function testAdminRuntime(database: TestDatabase, hashing: 'cheap' | 'site' = 'cheap'): AdminRuntime {
  return {
    config: readServerConfig({ DATABASE_URL: '' }),
    database: database.handle,
    repos: database.repos,
    hashKey: 'test-hash-key-'.padEnd(40, 'x'),
    auth: createAuth(database.handle, {}, hashing === 'cheap' ? cheapHashing : undefined),
  };
}

/** scrypt as better-auth stores it (`salt:key`, hex), at a sixty-fourth of its memory and work. */
const cheapHashing: PasswordHashing = {
  hash: async (password) => {
    const salt = randomBytes(16).toString('hex');
    return `${salt}:${(await cheapKey(password, salt)).toString('hex')}`;
  },
  verify: async ({ hash, password }) => {
    const [salt = '', key = ''] = hash.split(':');
    return (await cheapKey(password, salt)).toString('hex') === key;
  },
};

function cheapKey(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, 64, { N: 1024, r: 4, p: 1 }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}
