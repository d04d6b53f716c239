import { createHmac } from 'node:crypto';
import { isAPIError } from 'better-auth/api';
import { networkPrefix, subscriberPrefix } from '../leads/client-address';
import type { FoldedAuditAction } from '../repositories/audit';
import type { AdminRuntime } from './runtime';

/**
 * Sign-in attempts are counted in the shared rate_limit_counters table (so every instance sees them), in
 * fixed windows. Each attempt is counted before its password is checked; a right password gives its
 * counts back, so what stays counted are the failures. After a few, each attempt waits longer before the
 * password is even checked; past a limit the attempt is refused unchecked until the window ends. Three
 * counts, each an atomic claim:
 * - the e-mail from one network (an IPv4 /24, an IPv6 /48): the lockout of `refuseAfter`. Keyed by the
 *   network too, so whoever knows an operator's e-mail locks it out of their own network only, never out
 *   of the operator's office or home;
 * - the client (an IPv4 address, an IPv6 /64), whatever e-mails it tries: `refuseAddressAfter`;
 * - the e-mail from every network together: `refuseEmailAfter`, a ceiling on guessing one password from
 *   many networks at once. It is ten times one network's limit, so it takes ten networks, each failing
 *   ten times, to close an e-mail for everyone for the rest of a window; and it bounds a password to
 *   100 guesses in 15 minutes (9 600 a day) whatever number of networks guess.
 */
export const SIGN_IN_POLICY = {
  windowMs: 15 * 60_000,
  /** Failures before attempts are slowed down. */
  freeFailures: 3,
  firstDelayMs: 500,
  maxDelayMs: 8000,
  /** Failures of one e-mail from one network after which its attempts from that network are refused until the window ends. */
  refuseAfter: 10,
  /** One client trying many e-mails: refused after this many failures. */
  refuseAddressAfter: 30,
  /** Failures of one e-mail from all networks together after which its attempts are refused from anywhere. */
  refuseEmailAfter: 100,
} as const;

export type SignInPolicy = { readonly [Key in keyof typeof SIGN_IN_POLICY]: number };

/**
 * How long an attempt waits before its password is checked, by the attempts counted before it: of its
 * e-mail from its network, and of its client. Not by the e-mail's count from all networks: strangers
 * elsewhere would slow the operator down.
 */
export function attemptDelayMs(before: { emailInNetwork: number; address: number }, policy: SignInPolicy = SIGN_IN_POLICY): number {
  const over = Math.max(before.emailInNetwork, Math.floor(before.address / 3)) - policy.freeFailures;
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
  const client = attempt.address === null ? 'unknown' : subscriberPrefix(attempt.address);
  const network = attempt.address === null ? 'unknown' : networkPrefix(attempt.address);
  const keys = {
    email: keyed(email, runtime.hashKey),
    emailInNetwork: keyed(`${email} ${network}`, runtime.hashKey),
    address: keyed(client, runtime.hashKey),
  };
  const buckets = {
    emailInNetwork: `signin:email-network:${keys.emailInNetwork}`,
    address: `signin:address:${keys.address}`,
    email: `signin:email:${keys.email}`,
  };
  const foldKeys: Record<FoldedAuditAction, string> = {
    sign_in_failed: `${keys.email}:${keys.address}`,
    sign_in_refused: `${keys.email}:${keys.address}`,
    // Refused for the client, whatever e-mails it tries: one row.
    sign_in_refused_address: keys.address,
    // Refused for the e-mail, from whichever networks: one row.
    sign_in_refused_everywhere: keys.email,
  };
  const fold = (action: FoldedAuditAction) =>
    audit.fold(
      { action, actor: action === 'sign_in_refused_address' ? null : auditedEmail(email), foldKey: `${action}:${windowStart}:${foldKeys[action]}` },
      now(),
    );
  /** Gives back the counts of an attempt that is not checked: it is no failure. */
  const release = async (...released: string[]) => {
    for (const bucket of released) await rateLimit.release(bucket, windowStart);
  };

  // Counted before anything else, each in one atomic statement: of any number of attempts at once, at
  // most each limit get through, and each waits by its own place in the count.
  const emailInNetworkCount = await rateLimit.claim(buckets.emailInNetwork, windowStart, policy.refuseAfter);
  if (emailInNetworkCount === null) {
    await fold('sign_in_refused');
    return 'refused';
  }
  const addressCount = await rateLimit.claim(buckets.address, windowStart, policy.refuseAddressAfter);
  if (addressCount === null) {
    await release(buckets.emailInNetwork);
    await fold('sign_in_refused_address');
    return 'refused';
  }
  if ((await rateLimit.claim(buckets.email, windowStart, policy.refuseEmailAfter)) === null) {
    await release(buckets.emailInNetwork, buckets.address);
    await fold('sign_in_refused_everywhere');
    return 'refused';
  }
  const delayMs = attemptDelayMs({ emailInNetwork: emailInNetworkCount - 1, address: addressCount - 1 }, policy);
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
  // A right password is no failure: its counts go back.
  await release(buckets.emailInNetwork, buckets.address, buckets.email);
  await runtime.repos.operators.recordSignIn(email, now());
  await audit.record({ actor: email, action: 'sign_in' }, now());
  return 'signed-in';
}

/** Keyed, so neither the counters nor the audit log's fold keys hold the e-mail or the address. */
function keyed(value: string, key: string): string {
  return createHmac('sha256', key).update(value).digest('hex').slice(0, 32);
}
