/**
 * Where the site keeps a visitor's personal data, and the two ways it leaves (152-FZ). No table of its
 * own: an erasure is a unit of work over `leads`, their deliveries and alerts in the `outbox` and the
 * e-mail's `rate_limit_counters`, handing its transaction to each table's repository; the retention
 * asks the leads' repository.
 */
import type { Database } from '../db/schema';
import type { Kysely } from 'kysely';
import { inCallersTransaction, type DatabaseHandle } from '../db/connection';
import type { AlertQueueRepository } from './alert-queue';
import type { DeliveryQueueRepository } from './delivery-queue';
import { chunksOf, type LeadsRepository, type WithheldScope } from './leads';
import type { RateLimitRepository } from './rate-limit';

const DAY_MS = 24 * 60 * 60_000;

/** What erasing one visitor removed from the site's database. */
export interface ErasureCounts {
  leads: number;
  /** The outbox rows of those leads. */
  deliveries: number;
  /** Of those, the ones already delivered: GetCourse holds a copy the site cannot delete. */
  deliveriesSent: number;
  /** Rate-limit counter rows keyed by the e-mail's hash (or its pattern's). */
  counterRows: number;
}

export interface RetentionCounts {
  /** Leads whose personal fields were removed just now. */
  anonymized: number;
  spamDeleted: number;
}

export interface PersonalDataRepository {
  /** Removes a visitor's leads, their deliveries and the counters of `emailBuckets` (their e-mail's), all or nothing. */
  erase(email: string, emailBuckets: readonly string[], trx?: Kysely<Database>): Promise<ErasureCounts>;
  /**
   * Removes the leads held back as «Похоже на спам» of `scope` as an erasure does: their rows, deliveries
   * and alerts, and the counters `bucketsOf` names for each one's e-mail; all or nothing.
   */
  eraseWithheld(scope: WithheldScope, bucketsOf: (email: string) => readonly string[], trx?: Kysely<Database>): Promise<ErasureCounts>;
  /** Anonymizes delivered leads older than `leadDays`, deletes spam older than `spamDays`. */
  applyRetention(policy: { leadDays: number; spamDays: number }, now: number): Promise<RetentionCounts>;
}

export function createPersonalDataRepository(
  handle: DatabaseHandle,
  {
    leads,
    deliveryQueue,
    alertQueue,
    rateLimit,
  }: { leads: LeadsRepository; deliveryQueue: DeliveryQueueRepository; alertQueue: AlertQueueRepository; rateLimit: RateLimitRepository },
): PersonalDataRepository {
  /** Leads with their deliveries and alerts (first: they reference the leads), and these counters, in `trx`. */
  async function eraseLeads(trx: Kysely<Database>, leadIds: readonly number[], buckets: readonly string[]): Promise<ErasureCounts> {
    const counts: ErasureCounts = { leads: 0, deliveries: 0, deliveriesSent: 0, counterRows: 0 };
    for (const chunk of chunksOf(leadIds)) {
      const deliveries = await deliveryQueue.deleteForLeads(chunk, trx);
      await alertQueue.deleteForLeads(chunk, trx);
      counts.leads += await leads.remove(chunk, trx);
      counts.deliveries += deliveries.length;
      counts.deliveriesSent += deliveries.filter((status) => status === 'sent').length;
    }
    for (const bucket of buckets) counts.counterRows += await rateLimit.deleteBucket(bucket, trx);
    return counts;
  }

  return {
    /**
     * Every trace of a visitor in one transaction: their leads, the deliveries and the managers' alerts
     * of those leads (no personal data in an alert, but nothing of the visitor stays) and the rate-limit
     * counters of their e-mail; all or nothing.
     */
    erase: (email, emailBuckets, outer) =>
      inCallersTransaction(handle, outer, async (trx) => eraseLeads(trx, await leads.idsByEmail(email, trx), emailBuckets)),

    eraseWithheld: (scope, bucketsOf, outer) =>
      inCallersTransaction(handle, outer, async (trx) => {
        const held = await leads.withheldOf(scope, trx);
        return eraseLeads(
          trx,
          held.map((lead) => lead.id),
          [...new Set(held.flatMap((lead) => bucketsOf(lead.email)))],
        );
      }),

    async applyRetention(policy, now) {
      const anonymized = await leads.anonymizeDelivered(now - policy.leadDays * DAY_MS, now);
      const spamDeleted = await leads.deleteSpam(now - policy.spamDays * DAY_MS);
      return { anonymized, spamDeleted };
    },
  };
}
