/**
 * When a stored lead looks like part of a flood, so it is held back from GetCourse and the managers'
 * alerts until a person looks («Похоже на спам» in the console). A flood that got past the shedding
 * (server/leads/shedding.ts) is a burst: many leads from one address or one network, e-mails made from
 * one pattern, one form and campaign filled from a few networks. A visitor's lead shares none of that.
 * Pure: the counts come from counters in the shared database (server/http/lead-admission.ts).
 */

/** How far back the signs look. */
export const FLOOD_WINDOW_MS = 10 * 60_000;

/** From how many leads in FLOOD_WINDOW_MS on a lead is held (LEAD_HOLD_PER_ADDRESS, LEAD_HOLD_PER_NETWORK). */
export interface FloodThresholds {
  /** From one address (an IPv4 address, an IPv6 /64); also the e-mails of one pattern. */
  perAddress: number;
  /** From one network (an IPv4 /24, an IPv6 /48). */
  perNetwork: number;
}

/** The leads of the last FLOOD_WINDOW_MS that share something with this one, each count including it. */
export interface FloodActivity {
  /** From its address. */
  address: number;
  /** From its network. */
  network: number;
  /** With an e-mail of its pattern (emailPattern), from anywhere. */
  emailPattern: number;
  /** Into its form and campaign (campaignKey), from anywhere. */
  campaign: number;
  /** Into its form and campaign from its network. */
  campaignFromNetwork: number;
}

/** Why a lead was held; the console says each in words. */
export const floodSigns = ['address', 'network', 'email_pattern', 'campaign_burst'] as const;
export type FloodSign = (typeof floodSigns)[number];

/**
 * The signs this lead shows; none: it is delivered as any other.
 * - `address`: its address sent `perAddress` leads or more (a person sends one, two after a typo);
 * - `network`: its network sent `perNetwork` or more;
 * - `email_pattern`: `perAddress` or more came with e-mails of its pattern (`anna1@…`, `anna2@…`), from
 *   anywhere: a flood spread over many addresses still writes its e-mails from one template;
 * - `campaign_burst`: its form and campaign got twice `perNetwork` or more, a quarter or more of them from
 *   its network: one campaign filled from a few networks. A campaign's real rush (a webinar's end) comes
 *   from as many networks as people, and no network has a quarter of it.
 */
export function floodSignsOf(activity: FloodActivity, thresholds: FloodThresholds): FloodSign[] {
  const signs: FloodSign[] = [];
  if (activity.address >= thresholds.perAddress) signs.push('address');
  if (activity.network >= thresholds.perNetwork) signs.push('network');
  if (activity.emailPattern >= thresholds.perAddress) signs.push('email_pattern');
  if (activity.campaign >= 2 * thresholds.perNetwork && 4 * activity.campaignFromNetwork >= activity.campaign) signs.push('campaign_burst');
  return signs;
}

/** A local part with fewer letters than this (`89161234567@mail.ru`, a phone as an address) is its own pattern. */
const PATTERN_LETTERS = 3;

/**
 * What e-mails made from one template share: the address in lower case with every run of digits as `#`
 * and a `+tag` as `+*` (`Junk-17@x.ru`, `junk-2031@x.ru` → `junk-#@x.ru`). An address whose local part
 * has fewer than three letters (a phone number at a Russian mail service, common among real visitors) is
 * kept whole: such addresses share no template.
 */
export function emailPattern(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at);
  if ((local.match(/\p{L}/gu)?.length ?? 0) < PATTERN_LETTERS) return address;
  return `${local.replace(/\+.*$/, '+*').replace(/\d+/g, '#')}${address.slice(at)}`;
}

/** A lead's form and campaign: the UTM campaign, or its source when it has none. */
export function campaignKey(formId: string, utm: { source?: string; campaign?: string }): string {
  return `${formId}\n${utm.campaign || utm.source || ''}`;
}

/**
 * The leads of the last `windowMs` from two fixed windows: all of the current one, and of the previous one
 * the part still inside the look-back (as if its leads came evenly). `elapsed` is how far into the
 * current window the request is, 0 to 1. A burst that straddles the windows' edge keeps its count.
 */
export function slidingCount(current: number, previous: number, elapsed: number): number {
  return current + Math.floor(previous * (1 - elapsed));
}
