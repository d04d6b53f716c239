/**
 * `npm run backup -- <file>`: a consistent copy of the SQLite database while the site runs (the one
 * SQLITE_PATH points to). For PostgreSQL it prints the pg_dump command instead.
 */
import { readDatabaseConfig } from '../server/config';
import { backupDatabase, OpsError } from '../server/ops/backup';

async function main() {
  const [file, ...rest] = process.argv.slice(2);
  if (!file || rest.length > 0) {
    console.error('Usage: npm run backup -- <file>');
    process.exitCode = 2;
    return;
  }
  const report = await backupDatabase(readDatabaseConfig(), file);
  console.log(`backed up ${report.leads} leads to ${report.file} (${report.bytes} bytes)`);
}

main().catch((error: unknown) => {
  console.error(error instanceof OpsError ? error.message : error);
  process.exit(1);
});
