/**
 * The share of a figure's events that were accepted and not counted (past a client's daily caps, from a
 * visitor id the server did not sign or issued past its network's allowance, on a page the pop-up is not
 * shown on: server/traffic/caps.ts), from which it is «Подозрительный трафик»: a tenth. Real visitors
 * leave a few such events a day (an id kept from before ids were signed, a family behind one address); a
 * flood leaves most of the day's. The console shows the days that reach it, and a split test whose events
 * reach it over its whole run is never decided by itself (lib/experiments/trust.ts).
 */
export const SUSPICIOUS_SHARE = 0.1;

/** Uncounted of all events, 0 to 1 (0 without events). */
export function uncountedShare({ counted, uncounted }: { counted: number; uncounted: number }): number {
  return uncounted / Math.max(1, counted + uncounted);
}
