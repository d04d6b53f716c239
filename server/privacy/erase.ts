import { sql } from 'kysely';
import { inWriteTransaction, type DatabaseHandle } from '../db/connection';
import { emailBucket } from '../leads/client-address';

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

/**
 * Removes every trace of a visitor (a 152-FZ erasure request) in one transaction: their leads, the
 * deliveries of those leads and the rate-limit counters of their e-mail; all or nothing. Whole rows
 * are deleted, so any column a lead gains later goes with it. The e-mail is compared through the
 * database's lower() on both sides, which the lower(email) index serves (SQLite's lower() folds ASCII
 * letters only: there a Cyrillic address must be typed in the case it was stored in).
 */
export function eraseVisitor(handle: DatabaseHandle, email: string, hashKey: string): Promise<ErasureCounts> {
  const address = email.trim();
  return inWriteTransaction(handle, async (trx) => {
    const leadIds = trx.selectFrom('leads').select('id').where(sql<string>`lower(email)`, '=', sql<string>`lower(${address})`);
    // Deliveries first (they reference the leads); the statuses they had when deleted are counted.
    const deliveries = await trx.deleteFrom('outbox').where('lead_id', 'in', leadIds).returning('status').execute();
    const leads = await trx.deleteFrom('leads').where('id', 'in', leadIds).executeTakeFirst();
    const counters = await trx.deleteFrom('rate_limit_counters').where('bucket', '=', emailBucket(address, hashKey)).executeTakeFirst();
    return {
      leads: Number(leads.numDeletedRows),
      deliveries: deliveries.length,
      deliveriesSent: deliveries.filter((row) => row.status === 'sent').length,
      counterRows: Number(counters.numDeletedRows),
    };
  });
}
