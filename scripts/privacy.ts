/**
 * `npm run privacy -- erase <email>`: a visitor asked to have their personal data erased (152-FZ).
 * Removes their leads, those leads' deliveries and their rate-limit counters from the site's database
 * (the one DATABASE_URL or SQLITE_PATH points to) in one transaction, and says what to do in GetCourse
 * (server/privacy/privacy-command.ts).
 */
import { runPrivacyCommand } from '../server/privacy/privacy-command';
import { getServerRuntime } from '../server/runtime';

runPrivacyCommand(process.argv.slice(2), async () => {
  const runtime = await getServerRuntime();
  return { repos: runtime.repos, hashKey: runtime.hashKey, close: () => runtime.database.close() };
})
  .then(({ exitCode, stdout, stderr }) => {
    process.stdout.write(stdout);
    process.stderr.write(stderr);
    process.exitCode = exitCode;
  })
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
