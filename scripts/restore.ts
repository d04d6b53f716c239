/**
 * `npm run restore -- <file>`: checks a backup and puts it in place of the SQLite database (SQLITE_PATH),
 * with the site and the worker stopped (it refuses while another process has the database open).
 */
import { readDatabaseConfig } from '../server/config';
import { OpsError, restoreDatabase } from '../server/ops/backup';

async function main() {
  const [file, ...rest] = process.argv.slice(2);
  if (!file || rest.length > 0) {
    console.error('Usage: npm run restore -- <file>   (with the site and the worker stopped)');
    process.exitCode = 2;
    return;
  }
  const report = await restoreDatabase(readDatabaseConfig(), file);
  console.log(`restored ${report.leads} leads into ${report.file}`);
  if (report.replaced) console.log(`the database it replaced is kept as ${report.replaced} (delete it once you are sure)`);
}

main().catch((error: unknown) => {
  console.error(error instanceof OpsError ? error.message : error);
  process.exit(1);
});
