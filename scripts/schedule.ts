/**
 * `npm run schedule -- list | add <gift> <start> <end> | remove <id>`: edit the gift windows in the
 * site's database (the one DATABASE_URL or SQLITE_PATH points to; migrated first if new).
 */
import { runScheduleCommand } from '../server/gift-schedule/command';
import { getServerRuntime } from '../server/runtime';

async function main() {
  const runtime = await getServerRuntime();
  try {
    process.exitCode = await runScheduleCommand(process.argv.slice(2), runtime.repos, {
      out: (line) => console.log(line),
      err: (line) => console.error(line),
    });
  } finally {
    await runtime.database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
