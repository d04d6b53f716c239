import { readServerConfig } from '../config';
import { createAuth } from '../admin/auth';
import type { AdminRuntime } from '../admin/runtime';
import type { TestDatabase } from './databases';

/** The console's runtime over a test database (better-auth included), as getAdminRuntime() builds it. */
export function testAdminRuntime(database: TestDatabase): AdminRuntime {
  return {
    config: readServerConfig({ DATABASE_URL: '' }),
    database: database.handle,
    repos: database.repos,
    hashKey: 'test-hash-key-'.padEnd(40, 'x'),
    auth: createAuth(database.handle, {}),
  };
}
