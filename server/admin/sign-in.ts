import { createHmac } from 'node:crypto';
import { isAPIError } from 'better-auth/api';
import type { AdminRuntime } from './runtime';

/**
 * Failed sign-ins are counted per e-mail and per client address in the shared rate_limit_counters
 * table (so every instance sees them), in fixed windows. After a few failures each attempt waits
 * longer before the password is even checked; past the limit the attempt is refused unchecked until
 * the window ends.
 */
export const SIGN_IN_POLICY = {
  windowMs: 15 * 60_000,
  /** Failures before attempts are slowed down. */
  freeFailures: 3,
  firstDelayMs: 500,
  maxDelayMs: 8000,
  /** Failures of one e-mail after which its attempts are refused until the window ends. */
  refuseAfter: 10,
  /** One address trying many e-mails: refused after this many failures. */
  refuseAddressAfter: 30,
} as const;

export type SignInPolicy = typeof SIGN_IN_POLICY;

export interface ThrottleVerdict {
  refuse: boolean;
  delayMs: number;
}

export function throttleVerdict(failures: { email: number; address: number }, policy: SignInPolicy = SIGN_IN_POLICY): ThrottleVerdict {
  if (failures.email >= policy.refuseAfter || failures.address >= policy.refuseAddressAfter) return { refuse: true, delayMs: 0 };
  const over = Math.max(failures.email, Math.floor(failures.address / 3)) - policy.freeFailures;
  if (over < 0) return { refuse: false, delayMs: 0 };
  return { refuse: false, delayMs: Math.min(policy.firstDelayMs * 2 ** over, policy.maxDelayMs) };
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
  const email = attempt.email.trim().toLowerCase();
  const windowStart = Math.floor(now() / policy.windowMs) * policy.windowMs;
  const buckets = {
    email: `signin:email:${keyed(email, runtime.hashKey)}`,
    address: `signin:address:${keyed(attempt.address ?? 'unknown', runtime.hashKey)}`,
  };
  const verdict = throttleVerdict(
    { email: await runtime.repos.rateLimit.count(buckets.email, windowStart), address: await runtime.repos.rateLimit.count(buckets.address, windowStart) },
    policy,
  );
  if (verdict.refuse) {
    await runtime.repos.audit.record({ actor: email, action: 'sign_in_refused' }, now());
    return 'refused';
  }
  if (verdict.delayMs > 0) await sleep(verdict.delayMs);

  try {
    await runtime.auth.api.signInEmail({ body: { email, password: attempt.password }, headers: attempt.headers });
  } catch (error) {
    if (!isAPIError(error)) throw error;
    await runtime.repos.rateLimit.hit(buckets.email, windowStart);
    await runtime.repos.rateLimit.hit(buckets.address, windowStart);
    await runtime.repos.audit.record({ actor: email, action: 'sign_in_failed' }, now());
    return 'wrong';
  }
  await runtime.repos.audit.record({ actor: email, action: 'sign_in' }, now());
  return 'signed-in';
}

/** Keyed, so the counters table holds neither the e-mail nor the address. */
function keyed(value: string, key: string): string {
  return createHmac('sha256', key).update(value).digest('hex').slice(0, 32);
}
