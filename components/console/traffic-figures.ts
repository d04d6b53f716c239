/**
 * A day's events of one subject (a pop-up, a split test, a page type): those counted and those accepted
 * but not counted, as the traffic repository totals them (server/repositories/traffic.ts).
 */
export interface DayTotals {
  day: string;
  subject: string;
  counted: number;
  uncounted: number;
}

/**
 * The share of a day's events that were accepted and not counted (past a client address's daily cap,
 * from a visitor id the server did not sign, on a page the pop-up is not shown on) from which the
 * console names it «Подозрительный трафик»: a tenth. Real visitors leave a few such events a day (an id
 * kept from before ids were signed, a family behind one address); a flood leaves most of the day's.
 */
export const SUSPICIOUS_SHARE = 0.1;

export interface SuspiciousDay extends DayTotals {
  /** Uncounted of all the day's events, 0 to 1. */
  share: number;
}

/** The days (and subjects) whose uncounted share reaches SUSPICIOUS_SHARE, in the order given. */
export function suspiciousDays(rows: readonly DayTotals[]): SuspiciousDay[] {
  return rows.flatMap((row) => {
    const share = row.uncounted / Math.max(1, row.counted + row.uncounted);
    return share >= SUSPICIOUS_SHARE ? [{ ...row, share }] : [];
  });
}

/** `42 %`, whole percent, in Russian. */
export const sharePercent = (share: number) => `${Math.round(share * 100).toLocaleString('ru-RU')} %`;
