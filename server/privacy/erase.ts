import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { emailBucket, emailPatternBucket } from '../leads/client-address';
import type { WithheldScope } from '../repositories/leads';
import type { ErasureCounts } from '../repositories/personal-data';
import type { Repositories } from '../repositories';

/**
 * Removes every trace of a visitor (a 152-FZ erasure request) in one transaction: their leads, the
 * deliveries of those leads and the rate-limit counters of their e-mail (its pattern's too); all or nothing (in the caller's
 * `trx` when given: the console's erasure with its audit row).
 */
export function eraseVisitor(repos: Pick<Repositories, 'personalData'>, email: string, hashKey: string, trx?: Kysely<Database>): Promise<ErasureCounts> {
  const address = email.trim();
  return repos.personalData.erase(address, emailBuckets(address, hashKey), trx);
}

/**
 * «Удалить» of leads held back as «Похоже на спам»: each erased as a visitor's erasure erases (its row,
 * deliveries and alerts, its e-mail's counters), all in one transaction (the caller's when given).
 */
export function eraseWithheld(
  repos: Pick<Repositories, 'personalData'>,
  scope: WithheldScope,
  hashKey: string,
  trx?: Kysely<Database>,
): Promise<ErasureCounts> {
  return repos.personalData.eraseWithheld(scope, (email) => emailBuckets(email, hashKey), trx);
}

/** The counters keyed by an e-mail: its hourly limit's, and its pattern's (the signs of a flood). */
function emailBuckets(email: string, hashKey: string): string[] {
  return [emailBucket(email, hashKey), emailPatternBucket(email, hashKey)];
}
