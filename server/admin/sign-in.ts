import { createHmac } from 'node:crypto';
import { isAPIError } from 'better-auth/api';
import { subscriberPrefix } from '../leads/client-address';
import type { FoldedAuditAction } from '../repositories/audit';
import type { AdminRuntime } from './runtime';

/**
 * Sign-in attempts are counted per e-mail and per client (an IPv4 address, an IPv6 /64) in the shared
 * rate_limit_counters table (so every instance sees them), in fixed windows. Each attempt is counted
 * before its password is checked; a right password gives its count back, so what stays counted are the
 * failures. After a few, each attempt waits longer before the password is even checked; past the limit
 * the attempt is refused unchecked until the window ends.
 */
export const SIGN_IN_POLICY = {
  windowMs: 15 * 60_000,
  /** Failures before attempts are slowed down. */
  freeFailures: 3,
  firstDelayMs: 500,
  maxDelayMs: 8000,
  /** Failures of one e-mail after which its attempts are refused until the window ends. */
  refuseAfter: 10,
  /** One client trying many e-mails: refused after this many failures. */
  refuseAddressAfter: 30,
} as const;

export type SignInPolicy = { readonly [Key in keyof typeof SIGN_IN_POLICY]: number };

/** How long an attempt waits before its password is checked, by the attempts counted before it. */
export function attemptDelayMs(before: { email: number; address: number }, policy: SignInPolicy = SIGN_IN_POLICY): number {
  const over = Math.max(before.email, Math.floor(before.address / 3)) - policy.freeFailures;
  if (over < 0) return 0;
  return Math.min(policy.firstDelayMs * 2 ** over, policy.maxDelayMs);
}

/** The tried e-mail as the audit log keeps it: enough to recognise it, not whatever length was sent. */
const AUDITED_EMAIL_CHARACTERS = 64;

export function auditedEmail(email: string): string {
  const characters = Array.from(email);
  return characters.length <= AUDITED_EMAIL_CHARACTERS ? email : `${characters.slice(0, AUDITED_EMAIL_CHARACTERS - 1).join('')}…`;
}

export type SignInOutcome = 'signed-in' | 'wrong' | 'refused';

export interface SignInAttempt {
  email: string;
  password: string;
  /** The stamped client address (see request-stamp.ts); null counts as one unknown client. */
  address: string | null;
  headers: Headers;
}

export interface SignInDeps {
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  policy?: SignInPolicy;
}

export async function signInOperator(runtime: AdminRuntime, attempt: SignInAttempt, deps: SignInDeps = {}): Promise<SignInOutcome> {
  const { sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)), now = Date.now, policy = SIGN_IN_POLICY } = deps;
  const { rateLimit, audit } = runtime.repos;
  const email = attempt.email.trim().toLowerCase();
  const windowStart = Math.floor(now() / policy.windowMs) * policy.windowMs;
  const keys = {
    email: keyed(email, runtime.hashKey),
    address: keyed(attempt.address === null ? 'unknown' : subscriberPrefix(attempt.address), runtime.hashKey),
  };
  const buckets = { email: `signin:email:${keys.email}`, address: `signin:address:${keys.address}` };
  const fold = (action: FoldedAuditAction) =>
    audit.fold(
      action === 'sign_in_refused_address'
        ? // Refused for the client, whatever e-mails it tries: one row.
          { action, actor: null, foldKey: `${action}:${windowStart}:${keys.address}` }
        : { action, actor: auditedEmail(email), foldKey: `${action}:${windowStart}:${keys.email}:${keys.address}` },
      now(),
    );

  // Counted before anything else, each in one atomic statement: of any number of attempts at once, at
  // most the limit get through, and each waits by its own place in the count.
  const emailCount = await rateLimit.claim(buckets.email, windowStart, policy.refuseAfter);
  if (emailCount === null) {
    await fold('sign_in_refused');
    return 'refused';
  }
  const addressCount = await rateLimit.claim(buckets.address, windowStart, policy.refuseAddressAfter);
  if (addressCount === null) {
    // Not checked: not a failure of this e-mail.
    await rateLimit.release(buckets.email, windowStart);
    await fold('sign_in_refused_address');
    return 'refused';
  }
  const delayMs = attemptDelayMs({ email: emailCount - 1, address: addressCount - 1 }, policy);
  if (delayMs > 0) await sleep(delayMs);

  try {
    await runtime.auth.api.signInEmail({ body: { email, password: attempt.password }, headers: attempt.headers });
  } catch (error) {
    // Anything but a refusal of the credentials (the database away) leaves the attempt counted too:
    // an attempt that could not be checked must not be tried again for free.
    if (!isAPIError(error)) throw error;
    await fold('sign_in_failed');
    return 'wrong';
  }
  // A right password is no failure: its count goes back.
  await rateLimit.release(buckets.email, windowStart);
  await rateLimit.release(buckets.address, windowStart);
  await runtime.repos.operators.recordSignIn(email, now());
  await audit.record({ actor: email, action: 'sign_in' }, now());
  return 'signed-in';
}

/** Keyed, so neither the counters nor the audit log's fold keys hold the e-mail or the address. */
function keyed(value: string, key: string): string {
  return createHmac('sha256', key).update(value).digest('hex').slice(0, 32);
}
