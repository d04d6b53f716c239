/**
 * `npm run privacy -- erase <email>`: a visitor asked to have their personal data erased (152-FZ).
 * Removes their leads, those leads' deliveries and their rate-limit counters from the site's database
 * (the one DATABASE_URL or SQLITE_PATH points to) in one transaction, and says what to do in GetCourse.
 */
import { emailSchema } from '../lib/validation/lead';
import { eraseVisitor } from '../server/privacy/erase';
import { erasureReport } from '../server/privacy/erase-report';
import { getServerRuntime } from '../server/runtime';

const usage = 'Usage: npm run privacy -- erase <email>';

/** The e-mail to erase, or what is wrong with the arguments. */
function parseArgs(args: readonly string[]): { email: string } | { problem: string } {
  const [command, email, ...rest] = args;
  if (command !== 'erase') return { problem: command ? `unknown command "${command}"` : 'no command given' };
  if (email === undefined || rest.length > 0) return { problem: 'erase needs exactly one e-mail address' };
  const parsed = emailSchema.safeParse(email);
  return parsed.success ? { email: parsed.data } : { problem: `"${email}" is not a valid e-mail address` };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if ('problem' in args) {
    console.error(`Error: ${args.problem}.\n${usage}`);
    process.exitCode = 2;
    return;
  }
  const runtime = await getServerRuntime();
  try {
    const counts = await eraseVisitor(runtime.repos, args.email, runtime.hashKey);
    console.log(erasureReport(args.email, counts));
  } finally {
    await runtime.database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
