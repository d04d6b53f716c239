/**
 * Whether a split test's figures may decide by themselves: the verdict alert and «Оставить победителя
 * автоматически» act only on a test whose counted traffic comes from many networks and little of whose
 * traffic went uncounted. Pure; the console says the same problems in words and leaves the choice to the
 * team.
 *
 * A crowd of forged visitors stays within the daily caps of each address and network
 * (server/traffic/caps.ts), but a few networks (an IPv4 /24, an IPv6 /48: cheap to hold) can still bring
 * hundreds of counted shows and leads over days. Real visitors come from about as many networks as they
 * are: a variant whose shows or leads come from fewer than MIN_NETWORKS networks, or from fewer than
 * half as many networks as it has shows or leads, is not trusted. And a test a tenth or more of whose
 * events went uncounted (SUSPICIOUS_SHARE: «Подозрительный трафик») is being pushed at.
 */
import { SUSPICIOUS_SHARE, uncountedShare } from '@/lib/traffic-share';

/** Networks a variant's shows and leads must come from at least (or all of them, when it has fewer). */
export const MIN_NETWORKS = 20;
/** And at least this many networks an event: real visitors seldom share one. */
export const MIN_NETWORKS_PER_EVENT = 0.5;

export type TrustProblem =
  /** A variant's counted shows or leads come from too few networks. */
  | { kind: 'few_networks'; variant: number; what: 'shows' | 'leads'; networks: number; needed: number }
  /** Too much of the test's traffic went uncounted. */
  | { kind: 'suspicious'; share: number };

/** Networks `count` counted events must come from. */
export function networksNeeded(count: number): number {
  return Math.min(count, Math.max(MIN_NETWORKS, Math.ceil(count * MIN_NETWORKS_PER_EVENT)));
}

/**
 * Why the test's figures may not decide by themselves; none when they may. `variants`: counted shows
 * and leads, A first; `networks`: the networks behind them (a variant missing has none); `traffic`: the
 * test's counted and uncounted events over its run.
 */
export function trustProblems(input: {
  variants: readonly { shows: number; leads: number }[];
  networks: readonly { variant: number; shows: number; leads: number }[];
  traffic: { counted: number; uncounted: number };
}): TrustProblem[] {
  const problems: TrustProblem[] = [];
  input.variants.forEach((counts, variant) => {
    const networks = input.networks.find((entry) => entry.variant === variant) ?? { shows: 0, leads: 0 };
    for (const what of ['shows', 'leads'] as const) {
      const needed = networksNeeded(counts[what]);
      if (networks[what] < needed) problems.push({ kind: 'few_networks', variant, what, networks: networks[what], needed });
    }
  });
  const share = uncountedShare(input.traffic);
  if (share >= SUSPICIOUS_SHARE) problems.push({ kind: 'suspicious', share });
  return problems;
}

/**
 * The problems worth telling the team now: all of them once the verdict is in (they are why it is not
 * announced or kept), and before that only the uncounted share (a young test always has few networks).
 */
export function problemsWorthSaying(problems: readonly TrustProblem[], verdictIn: boolean): TrustProblem[] {
  return verdictIn ? [...problems] : problems.filter((problem) => problem.kind === 'suspicious');
}
