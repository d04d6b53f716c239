import type { PopupEvent } from '../repositories/popup-stats';
import type { Repositories } from '../repositories';
import type { TrafficKind } from '../repositories/traffic';

/**
 * How much one client address (an IPv4 address or an IPv6 /64, as its keyed hash) adds to the console's
 * figures in a Moscow day. Past a cap an event is accepted with the same answer (a sender learns
 * nothing) and not counted; it goes into the day's uncounted total, the console's «Подозрительный
 * трафик». The caps sit where no visitor gets to: a pop-up closed is not shown again for a day, one
 * whose form was sent not again in the visit, so a person meets a pop-up once or twice a day; 3 leaves
 * room for a family or an office behind one address. A page view reports its field vitals each time it
 * is hidden (a tab switched away and back reports again), so 10 reports of one page type cover a
 * visitor reading several course pages. Where many visitors share an address (a mobile operator's
 * carrier-grade NAT), their figures are undercounted; IPv6 visitors each have their own /64.
 */
export const DAILY_CAPS = {
  /** Shows of one pop-up; its closes and its finishes each, never more than the shows counted. */
  popupEvent: 3,
  /** First shows of one split test to new visitors. */
  testShow: 3,
  /** Leads counted for one split test. */
  testLead: 3,
  /** Field vitals reports of one page type. */
  vitalsReport: 10,
} as const;

/** A day's per-address counters are needed that day only; the retention job deletes them this many days later. */
export const ADDRESS_COUNTER_DAYS = 2;

/** The address an event came from, or one shared bucket when the server could not vouch for any. */
export const UNKNOWN_ADDRESS = 'unknown';

/**
 * How many closes, or finishes, of a pop-up an address may have counted on a day: no more than its shows
 * counted that day (nor the cap). A finish without a show, and so a conversion over 100 %, cannot be
 * made up.
 */
export function followUpLimit(showsCounted: number): number {
  return Math.min(showsCounted, DAILY_CAPS.popupEvent);
}

/**
 * Counts one event of a pop-up from `address` on `day` when it may count, deciding atomically in the
 * database before anything is counted: a show within the cap, a close or a finish within the shows
 * counted. Plain pop-up events carry no visitor, so "after a show" is per address, pop-up and day.
 */
export async function countPopupEvent(repos: Pick<Repositories, 'traffic'>, day: string, popup: string, event: PopupEvent, address: string): Promise<boolean> {
  const scope = (name: PopupEvent) => `popup:${popup}:${name}`;
  if (event === 'shown') return repos.traffic.countWithin(day, scope('shown'), address, DAILY_CAPS.popupEvent);
  return repos.traffic.countWithin(day, scope(event), address, followUpLimit(await repos.traffic.hits(day, scope('shown'), address)));
}

/** A request's events, counted and not, per pop-up, test or page type: added to the day's totals at its end. */
export class TrafficTally {
  private readonly subjects = new Map<string, { kind: TrafficKind; subject: string; counted: number; uncounted: number }>();

  add(kind: TrafficKind, subject: string, counted: boolean): void {
    const key = `${kind}\n${subject}`;
    const entry = this.subjects.get(key) ?? { kind, subject, counted: 0, uncounted: 0 };
    entry[counted ? 'counted' : 'uncounted'] += 1;
    this.subjects.set(key, entry);
  }

  async save(repos: Pick<Repositories, 'traffic'>, day: string): Promise<void> {
    for (const { kind, subject, counted, uncounted } of this.subjects.values()) await repos.traffic.tally(day, kind, subject, { counted, uncounted });
  }
}
