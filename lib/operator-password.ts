/**
 * An operator's password, the same wherever one is set: `npm run operator -- add`, an accepted
 * invitation, and better-auth's own check at sign-in (server/admin/auth.ts). Pure, shared by the server and the invitation form.
 */
export const OPERATOR_PASSWORD = { minLength: 12, maxLength: 128 } as const;

export type PasswordProblem = 'password_short' | 'password_long';

/** Why a password cannot be an operator's, or null. Counted in characters as typed (a letter of any script is one). */
export function passwordProblem(password: string): PasswordProblem | null {
  if (password.length < OPERATOR_PASSWORD.minLength) return 'password_short';
  if (password.length > OPERATOR_PASSWORD.maxLength) return 'password_long';
  return null;
}
