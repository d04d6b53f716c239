import { randomBytes } from 'node:crypto';
import type { AdminAuth } from './auth';

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
  if (password.length < 12) return { problem: 'the password must be at least 12 characters' };
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
