/** A separate process that opens the database from its environment and migrates it (see migrate.test.ts). */
import { readDatabaseConfig } from '../config';
import { openDatabase } from '../db/connection';
import { migrateToLatest } from '../db/migrate';

async function main() {
  const handle = await openDatabase(readDatabaseConfig());
  try {
    await migrateToLatest(handle);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
