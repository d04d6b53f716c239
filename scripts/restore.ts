/**
 * `npm run restore -- <file>`: checks a backup and puts it in place of the SQLite database (SQLITE_PATH),
 * with the site and the worker stopped (it refuses while another process has the database open).
 */
import { restoreDatabase } from '../server/ops/backup';
import { runFileCommand } from './file-command';

runFileCommand('npm run restore -- <file>   (with the site and the worker stopped)', async (database, file) => {
  const report = await restoreDatabase(database, file);
  console.log(`restored ${report.leads} leads into ${report.file}`);
  if (report.replaced) console.log(`the database it replaced is kept as ${report.replaced} (delete it once you are sure)`);
});
