import type { LeadLimits } from '../config';
import type { Admission, LeadSubject } from '../leads/accept';
import { emailBucket, emailPatternBucket, keyedHash } from '../leads/client-address';
import { campaignKey, FLOOD_WINDOW_MS, floodSignsOf, slidingCount, type FloodActivity, type FloodSign } from '../rules/flood-signs';
import { shedsLead } from '../leads/shedding';
import { addressBucket, HOUR_MS, MINUTE_MS, type RequestLimits } from './guards';

/** Who sent the request, as keyed hashes (null: an address the server could not vouch for; they count as one). */
export interface LeadSender {
  addressHash: string | null;
  networkHash: string | null;
}

const SITE = 'lead-site';
const SENDERS = 'lead-senders';
const NETWORKS = 'lead-networks';

/**
 * The steps a valid lead passes before it is stored, each counted in the shared database (so every
 * instance decides alike): its e-mail's hourly limit, then the shedding of the heaviest senders when the
 * site is under pressure (server/leads/shedding.ts), then the signs of a flood that hold it back
 * (server/rules/flood-signs.ts). Every count is read back from the atomic statement that made it; a
 * request that repeats a counted one (`limits` exempt) counts nowhere and passes.
 */
export async function admitLead(
  subject: LeadSubject,
  { limits, config, hashKey, sender }: { limits: RequestLimits; config: LeadLimits; hashKey: string; sender: LeadSender },
): Promise<Admission> {
  const emailWait = await limits.count(emailBucket(subject.email, hashKey), config.perEmailPerHour, HOUR_MS);
  if (emailWait !== null) return { admitted: false, limit: 'email', retryAfter: emailWait };
  const site = await limits.tally(SITE);
  if (site === null) return { admitted: true, floodSigns: [] };
  if (await shed(site, limits, config.pressurePerMinute, sender)) return { admitted: false, limit: 'shed', retryAfter: limits.secondsLeft(MINUTE_MS) };
  return { admitted: true, floodSigns: await floodSigns(subject, limits, config, hashKey, sender) };
}

/** This minute's load with this lead (a sender's and a network's first lead of the minute adds one to their tally). */
async function shed(site: number, limits: RequestLimits, pressurePerMinute: number, { addressHash, networkHash }: LeadSender): Promise<boolean> {
  const address = (await limits.tally(addressBucket('lead-address', addressHash)))!;
  const network = (await limits.tally(addressBucket('lead-network', networkHash)))!;
  // Counted by the request that saw its sender's first lead; kept when that request turns out a replay:
  // the sender's lead is stored either way (the other request's).
  if (address === 1) await limits.note(SENDERS);
  if (network === 1) await limits.note(NETWORKS);
  const parties = await limits.read([SENDERS, NETWORKS], MINUTE_MS);
  return shedsLead({ site, address, network, senders: parties.get(SENDERS) ?? 1, networks: parties.get(NETWORKS) ?? 1 }, pressurePerMinute);
}

/** The lead counted under each sign's bucket over the last ten minutes, and the signs it shows. */
async function floodSigns(subject: LeadSubject, limits: RequestLimits, config: LeadLimits, hashKey: string, sender: LeadSender): Promise<FloodSign[]> {
  const campaign = keyedHash(campaignKey(subject.formId, subject.utm), hashKey);
  const buckets: Record<keyof FloodActivity, string> = {
    address: addressBucket('flood-address', sender.addressHash),
    network: addressBucket('flood-network', sender.networkHash),
    emailPattern: emailPatternBucket(subject.email, hashKey),
    campaign: `flood-campaign:${campaign}`,
    campaignFromNetwork: addressBucket(`flood-campaign:${campaign}`, sender.networkHash),
  };
  const current = new Map<string, number>();
  for (const bucket of Object.values(buckets)) current.set(bucket, (await limits.tally(bucket, FLOOD_WINDOW_MS)) ?? 0);
  const previous = await limits.read(Object.values(buckets), FLOOD_WINDOW_MS, 1);
  const elapsed = limits.elapsed(FLOOD_WINDOW_MS);
  const activity = Object.fromEntries(
    Object.entries(buckets).map(([sign, bucket]) => [sign, slidingCount(current.get(bucket)!, previous.get(bucket) ?? 0, elapsed)]),
  ) as unknown as FloodActivity;
  return floodSignsOf(activity, config.hold);
}
