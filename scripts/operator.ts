/**
 * `npm run operator -- add <email> | remove <email> | list`: who may sign in to the console at /admin,
 * in the site's database (the one DATABASE_URL or SQLITE_PATH points to; migrated first if new).
 */
import { runOperatorCommand } from '../server/admin/operator-command';
import { getAdminRuntime } from '../server/admin/runtime';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function main() {
  const runtime = await getAdminRuntime();
  try {
    process.exitCode = await runOperatorCommand(
      process.argv.slice(2),
      runtime,
      { out: (line) => console.log(line), err: (line) => console.error(line) },
      readStdin,
    );
  } finally {
    await runtime.database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
