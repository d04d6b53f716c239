import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { emailBucket } from '../leads/client-address';
import type { ErasureCounts } from '../repositories/personal-data';
import type { Repositories } from '../repositories';

/**
 * Removes every trace of a visitor (a 152-FZ erasure request) in one transaction: their leads, the
 * deliveries of those leads and the rate-limit counters of their e-mail; all or nothing (in the caller's
 * `trx` when given: the console's erasure with its audit row).
 */
export function eraseVisitor(repos: Pick<Repositories, 'personalData'>, email: string, hashKey: string, trx?: Kysely<Database>): Promise<ErasureCounts> {
  const address = email.trim();
  return repos.personalData.erase(address, emailBucket(address, hashKey), trx);
}
