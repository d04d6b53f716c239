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
  /** Views of one course page (the autopilot's figures: which pages visitors read and leave no lead on). */
  pageView: 3,
} as const;

/**
 * The same per network (an IPv4 /24, an IPv6 /48: server/leads/client-address.ts), counted besides the
 * address's own: one sender holding many addresses (a /24 of a hosting provider, the /64s of a /48, which
 * cost nothing) is still one network. An office or a campus of a few dozen people behind one network
 * fits; a network past them (a mobile operator's pool of addresses) is undercounted like a shared address.
 */
export const NETWORK_DAILY_CAPS = {
  popupEvent: 30,
  testShow: 30,
  testLead: 10,
  vitalsReport: 100,
  pageView: 30,
} as const satisfies Record<keyof typeof DAILY_CAPS, number>;

export type CapKind = keyof typeof DAILY_CAPS;

/**
 * New visitor ids `POST /api/visitor-id` issues a Moscow day to one address and one network as counted
 * ones (server/experiments/visitor-id.ts). A browser asks once and keeps its id for a year, so an office
 * of a few dozen people behind one address or network each get one; a client asking again and again to
 * land in the variant it wants gets, past the allowance, ids whose shows and leads count for nothing.
 */
export const VISITOR_ID_ALLOWANCE = { address: 30, network: 60 } as const;

/** A client as the caps count it: the keyed hashes of its address and of its network. */
export interface TrafficClient {
  address: string;
  network: string;
}

/** A day's per-address counters are needed that day only; the retention job deletes them this many days later. */
export const ADDRESS_COUNTER_DAYS = 2;

/** The address an event came from, or one shared bucket when the server could not vouch for any. */
export const UNKNOWN_ADDRESS = 'unknown';

/** The client of a request (the endpoint's hashes); with no address vouched for, one shared bucket for both. */
export function trafficClient(addressHash: string | null, networkHash: string | null): TrafficClient {
  return addressHash && networkHash ? { address: addressHash, network: networkHash } : { address: UNKNOWN_ADDRESS, network: UNKNOWN_ADDRESS };
}

/**
 * Counts one event of `client` in `scope` on `day` when both its address and its network stay within
 * their limits, each decided atomically in the database before anything is counted. The address goes
 * first: what one address sends past its own cap never uses up its network's, so a flood from one address
 * takes nothing from its neighbours.
 */
export async function countWithinCaps(
  repos: Pick<Repositories, 'traffic'>,
  day: string,
  scope: string,
  client: TrafficClient,
  limits: { address: number; network: number },
): Promise<boolean> {
  if (!(await repos.traffic.countWithin(day, scope, client.address, limits.address))) return false;
  return repos.traffic.countWithin(day, networkScope(scope), client.network, limits.network);
}

/** The caps of one kind of event, for an address and for a network. */
export function capsOf(kind: CapKind): { address: number; network: number } {
  return { address: DAILY_CAPS[kind], network: NETWORK_DAILY_CAPS[kind] };
}

/** Where a network's counts of a scope are kept (beside its addresses', in the same table). */
const networkScope = (scope: string) => `${scope}:network`;

/**
 * How many closes, or finishes, of a pop-up an address may have counted on a day: no more than its shows
 * counted that day (nor the cap). A finish without a show, and so a conversion over 100 %, cannot be
 * made up. `cap`: the address's, or the network's for a network.
 */
export function followUpLimit(showsCounted: number, cap: number = DAILY_CAPS.popupEvent): number {
  return Math.min(showsCounted, cap);
}

/**
 * Counts one event of a pop-up from `client` on `day` when it may count, deciding atomically in the
 * database before anything is counted: a show within the caps, a close or a finish within the shows
 * counted of the address and of its network. Plain pop-up events carry no visitor, so "after a show" is
 * per address (and network), pop-up and day.
 */
export async function countPopupEvent(
  repos: Pick<Repositories, 'traffic'>,
  day: string,
  popup: string,
  event: PopupEvent,
  client: TrafficClient,
): Promise<boolean> {
  const scope = (name: PopupEvent) => `popup:${popup}:${name}`;
  if (event === 'shown') return countWithinCaps(repos, day, scope('shown'), client, capsOf('popupEvent'));
  const [addressShows, networkShows] = await Promise.all([
    repos.traffic.hits(day, scope('shown'), client.address),
    repos.traffic.hits(day, networkScope(scope('shown')), client.network),
  ]);
  return countWithinCaps(repos, day, scope(event), client, {
    address: followUpLimit(addressShows),
    network: followUpLimit(networkShows, NETWORK_DAILY_CAPS.popupEvent),
  });
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
