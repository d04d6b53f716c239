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
import type { LeadsRepository } from './leads';
import type { RateLimitRepository } from './rate-limit';

const DAY_MS = 24 * 60 * 60_000;

/** What erasing one visitor removed from the site's database. */
export interface ErasureCounts {
  leads: number;
  /** The outbox rows of those leads. */
  deliveries: number;
  /** Of those, the ones already delivered: GetCourse holds a copy the site cannot delete. */
  deliveriesSent: number;
  /** Rate-limit counter rows keyed by the e-mail's hash. */
  counterRows: number;
}

export interface RetentionCounts {
  /** Leads whose personal fields were removed just now. */
  anonymized: number;
  spamDeleted: number;
}

export interface PersonalDataRepository {
  /** Removes a visitor's leads, their deliveries and the counters of `emailBucket`, all or nothing. */
  erase(email: string, emailBucket: string, trx?: Kysely<Database>): Promise<ErasureCounts>;
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
  return {
    /**
     * Every trace of a visitor in one transaction: their leads, the deliveries and the managers' alerts
     * of those leads (no personal data in an alert, but nothing of the visitor stays) and the rate-limit
     * counters of their e-mail; all or nothing.
     */
    erase: (email, emailBucket, outer) =>
      inCallersTransaction(handle, outer, async (trx) => {
        const leadIds = await leads.idsByEmail(trx, email);
        // Deliveries and alerts first (they reference the leads); the statuses the deliveries had are counted.
        const deliveries = await deliveryQueue.deleteForLeads(trx, leadIds);
        await alertQueue.deleteForLeads(trx, leadIds);
        const removed = await leads.remove(trx, leadIds);
        const counterRows = await rateLimit.deleteBucket(trx, emailBucket);
        return {
          leads: removed,
          deliveries: deliveries.length,
          deliveriesSent: deliveries.filter((status) => status === 'sent').length,
          counterRows,
        };
      }),

    async applyRetention(policy, now) {
      const anonymized = await leads.anonymizeDelivered(now - policy.leadDays * DAY_MS, now);
      const spamDeleted = await leads.deleteSpam(now - policy.spamDays * DAY_MS);
      return { anonymized, spamDeleted };
    },
  };
}
