/**
 * `npm run backup -- <file>`: a consistent copy of the SQLite database while the site runs (the one
 * SQLITE_PATH points to). For PostgreSQL it prints the pg_dump command instead.
 */
import { backupDatabase } from '../server/ops/backup';
import { runFileCommand } from './file-command';

runFileCommand('npm run backup -- <file>', async (database, file) => {
  const report = await backupDatabase(database, file);
  console.log(`backed up ${report.leads} leads to ${report.file} (${report.bytes} bytes)`);
});
