import { randomBytes } from 'node:crypto';
import type { AdminAuth } from './auth';
import { OPERATOR_PASSWORD, passwordProblem } from '../../lib/operator-password';

/** A password for a new operator, shown once: 18 random bytes, 24 URL-safe characters. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * Creates an operator with a password (there is no sign-up: this is the only way in). Through
 * better-auth's own adapter, so the password is hashed and stored the way its sign-in expects.
 */
export async function addOperator(auth: AdminAuth, email: string, password: string): Promise<{ added: true } | { problem: string }> {
  const context = await auth.$context;
  const address = email.trim().toLowerCase();
  const weak = passwordProblem(password);
  if (weak)
    return {
      problem:
        weak === 'password_short'
          ? `the password must be at least ${OPERATOR_PASSWORD.minLength} characters`
          : `the password must be at most ${OPERATOR_PASSWORD.maxLength} characters`,
    };
  if (await context.internalAdapter.findUserByEmail(address)) return { problem: `${address} is already an operator` };
  const user = await context.internalAdapter.createUser({ email: address, name: address, emailVerified: true }, { method: 'admin' });
  await context.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: await context.password.hash(password),
  });
  return { added: true };
}

/** better-auth's hash of a password (scrypt), as its sign-in checks it: for an operator created in our own transaction. */
export async function hashOperatorPassword(auth: AdminAuth, password: string): Promise<string> {
  return (await auth.$context).password.hash(password);
}
