/**
 * Who the lead API turns away (429) when it gets more leads in a minute than the school's traffic ever
 * brings: the heaviest senders first, never a newcomer. A shared ceiling let eight busy addresses fill
 * every place of the minute, so a visitor's first lead was refused; here a sender is refused only for
 * what it sent itself (its address, or its network) beyond a fair share. Pure: the counts come from
 * counters in the shared database, each read back from the atomic statement that counted the request
 * (server/http/lead-admission.ts).
 */

/** A sender with this many leads in the minute or fewer is never refused: a visitor, a retry, a typo put right. */
export const NEVER_SHED = 2;

/** The leads that reached the lead API this minute, each count including the request being decided. */
export interface MinuteLoad {
  /** From everyone (refused ones included: they are the pressure). */
  site: number;
  /** Addresses (an IPv4 address, an IPv6 /64) that sent at least one. */
  senders: number;
  /** Networks (an IPv4 /24, an IPv6 /48) that sent at least one. */
  networks: number;
  /** From this request's address. */
  address: number;
  /** From this request's network. */
  network: number;
}

/** Each of `parties`' part of `pressurePerMinute`, never below NEVER_SHED. */
export function fairShare(pressurePerMinute: number, parties: number): number {
  return Math.max(NEVER_SHED, Math.floor(pressurePerMinute / Math.max(1, parties)));
}

/**
 * Whether to refuse this lead. Only under pressure (more than `pressurePerMinute` leads this minute from
 * everyone), only from an address past NEVER_SHED, and only when its address or its network already sent
 * more than its fair share of the pressure level (the level divided among this minute's senders, or
 * networks). The heavier a sender, the sooner it is over its share; the more senders, the smaller the
 * share; a visitor's one or two leads are never over it.
 */
export function shedsLead(load: MinuteLoad, pressurePerMinute: number): boolean {
  if (load.address <= NEVER_SHED || load.site <= pressurePerMinute) return false;
  return load.address > fairShare(pressurePerMinute, load.senders) || load.network > fairShare(pressurePerMinute, load.networks);
}
