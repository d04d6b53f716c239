import { readDatabaseConfig, type DatabaseConfig } from '../server/config';
import { OpsError } from '../server/ops/backup';

/**
 * Runs an ops command that takes exactly one file argument (`npm run backup -- <file>`): without it, prints
 * `usage` and exits 2; an OpsError (a refusal the operator can act on) is printed as its message alone.
 */
export function runFileCommand(usage: string, run: (database: DatabaseConfig, file: string) => Promise<void>): void {
  const main = async () => {
    const [file, ...rest] = process.argv.slice(2);
    if (!file || rest.length > 0) {
      console.error(`Usage: ${usage}`);
      process.exitCode = 2;
      return;
    }
    await run(readDatabaseConfig(), file);
  };
  main().catch((error: unknown) => {
    console.error(error instanceof OpsError ? error.message : error);
    process.exit(1);
  });
}
