import { emailSchema } from '../../lib/validation/lead';
import type { Output } from '../gift-schedule/command';
import { addOperator, generatePassword } from './operators';
import type { AdminRuntime } from './runtime';

export const operatorUsage = `Usage:
  npm run operator -- add <email>                     a password is generated and printed once
  npm run operator -- add <email> --password-stdin    the password is read from standard input
  npm run operator -- remove <email>                  also ends the operator's sessions
  npm run operator -- list

Operators sign in to the console at /admin.`;

/**
 * `npm run operator -- add | remove | list`: the only way to give someone access to the console (there
 * is no sign-up). Returns the exit code; `readStdin` gives the piped password.
 */
export async function runOperatorCommand(
  args: readonly string[],
  runtime: Pick<AdminRuntime, 'auth' | 'repos'>,
  io: Output,
  readStdin: () => Promise<string>,
): Promise<number> {
  const [command, email, ...flags] = args;
  if (command === 'list') {
    const operators = await runtime.repos.operators.list();
    if (operators.length === 0) io.out('No operators yet: add one with `npm run operator -- add <email>`.');
    for (const operator of operators) io.out(`${operator.email}\tsince ${operator.createdAt.toISOString().slice(0, 10)}`);
    return 0;
  }
  if (command !== 'add' && command !== 'remove') return usageError(io, command ? `unknown command "${command}"` : 'no command given');
  const parsed = emailSchema.safeParse(email ?? '');
  if (!parsed.success) return usageError(io, `${command} needs one valid e-mail address`);
  const address = parsed.data.toLowerCase();

  if (command === 'remove') {
    if (flags.length > 0) return usageError(io, 'remove takes only an e-mail address');
    if (!(await runtime.repos.operators.remove(address))) {
      io.err(`No operator ${address}.`);
      return 1;
    }
    io.out(`Removed ${address}; their sessions are ended.`);
    return 0;
  }

  const fromStdin = flags.length === 1 && flags[0] === '--password-stdin';
  if (flags.length > 0 && !fromStdin) return usageError(io, `unknown option "${flags.join(' ')}"`);
  const password = fromStdin ? (await readStdin()).replace(/\r?\n$/, '') : generatePassword();
  const result = await addOperator(runtime.auth, address, password);
  if ('problem' in result) {
    io.err(`Not added: ${result.problem}.`);
    return 1;
  }
  io.out(`Added ${address}.`);
  if (!fromStdin) io.out(`Password (shown once, pass it on privately): ${password}`);
  return 0;
}

function usageError(io: Output, message: string): number {
  io.err(`Error: ${message}.\n\n${operatorUsage}`);
  return 2;
}
