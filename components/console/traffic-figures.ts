import { SUSPICIOUS_SHARE, uncountedShare } from '@/lib/traffic-share';

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

export interface SuspiciousDay extends DayTotals {
  /** Uncounted of all the day's events, 0 to 1. */
  share: number;
}

/** The days (and subjects) whose uncounted share reaches SUSPICIOUS_SHARE (lib/traffic-share.ts), in the order given. */
export function suspiciousDays(rows: readonly DayTotals[]): SuspiciousDay[] {
  return rows.flatMap((row) => {
    const share = uncountedShare(row);
    return share >= SUSPICIOUS_SHARE ? [{ ...row, share }] : [];
  });
}

/** `42 %`, whole percent, in Russian. */
export const sharePercent = (share: number) => `${Math.round(share * 100).toLocaleString('ru-RU')} %`;
