/**
 * What `npm run privacy` does, apart from the process it runs in: the arguments in, the exit code and
 * the lines it prints out. scripts/privacy.ts wires it to the server's database; the tests call it in
 * process against theirs.
 */
import { emailSchema } from '@/lib/validation/lead';
import type { Repositories } from '../repositories';
import { eraseVisitor } from './erase';
import { erasureReport } from './erase-report';

export const PRIVACY_USAGE = 'Usage: npm run privacy -- erase <email>';

export interface CommandResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** The e-mail to erase, or what is wrong with the arguments. */
export function parsePrivacyArgs(args: readonly string[]): { email: string } | { problem: string } {
  const [command, email, ...rest] = args;
  if (command !== 'erase') return { problem: command ? `unknown command "${command}"` : 'no command given' };
  if (email === undefined || rest.length > 0) return { problem: 'erase needs exactly one e-mail address' };
  const parsed = emailSchema.safeParse(email);
  return parsed.success ? { email: parsed.data } : { problem: `"${email}" is not a valid e-mail address` };
}

/**
 * Runs the command; the database is opened only for valid arguments (a typo never touches it), through
 * `open`, whose `close` runs when the command ends.
 */
export async function runPrivacyCommand(
  args: readonly string[],
  open: () => Promise<{ repos: Pick<Repositories, 'personalData'>; hashKey: string; close: () => Promise<void> }>,
): Promise<CommandResult> {
  const parsed = parsePrivacyArgs(args);
  if ('problem' in parsed) return { exitCode: 2, stdout: '', stderr: `Error: ${parsed.problem}.\n${PRIVACY_USAGE}\n` };
  const { repos, hashKey, close } = await open();
  try {
    const counts = await eraseVisitor(repos, parsed.email, hashKey);
    return { exitCode: 0, stdout: `${erasureReport(parsed.email, counts)}\n`, stderr: '' };
  } finally {
    await close();
  }
}
