/** Creates a console operator in the e2e database the way a person would: `npm run operator -- add`. */
import { spawnSync } from 'node:child_process';
import { e2eEnv } from './env';

export function addOperator(email: string, password: string): void {
  const result = spawnSync('node_modules/.bin/tsx', ['scripts/operator.ts', 'add', email, '--password-stdin'], {
    env: e2eEnv(),
    input: `${password}\n`,
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`npm run operator -- add failed: ${result.stderr || result.stdout}`);
  }
}
