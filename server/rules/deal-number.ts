/**
 * GetCourse's deal number for our lead. GetCourse imports are not idempotent: with
 * `refresh_if_exists` a deal number that already exists is updated instead of duplicated, so a retry
 * of the same lead must always carry the same number, and no other lead (of this database or any
 * other) may ever carry it.
 *
 * The number is `prefix · 10⁹ + lead id`: the prefix is six random digits made once per database
 * (migration 004, `settings.deal_number_prefix`), so a new database whose lead ids start again at 1 makes
 * numbers of its own (15 digits, below 2⁵³) instead of updating an older installation's deals. Numbers
 * made before the prefix existed (`1 000 000 000 + lead id`, 10 digits) stay in their outbox rows and can
 * never equal a prefixed one.
 */
export const DEAL_NUMBER_OFFSET = 1_000_000_000;
const LEAD_ID_LIMIT = 1_000_000_000;

export function dealNumberFor(prefix: number, leadId: number): string {
  if (!Number.isInteger(prefix) || prefix < 100_000 || prefix > 999_999) throw new RangeError(`deal number prefix out of range: ${prefix}`);
  if (!Number.isSafeInteger(leadId) || leadId <= 0 || leadId >= LEAD_ID_LIMIT) throw new RangeError(`lead id out of range: ${leadId}`);
  return String(prefix * LEAD_ID_LIMIT + leadId);
}

/** The number of a deal queued before migration 004 (kept in its outbox row). */
export function legacyDealNumberFor(leadId: number): string {
  return String(DEAL_NUMBER_OFFSET + leadId);
}

/** The lead id inside a deal number of either form. */
export function leadIdOfDealNumber(dealNumber: string): number | null {
  const value = Number(dealNumber);
  if (!Number.isSafeInteger(value) || value <= DEAL_NUMBER_OFFSET) return null;
  const leadId = dealNumber.length === 10 ? value - DEAL_NUMBER_OFFSET : value % LEAD_ID_LIMIT;
  return leadId > 0 ? leadId : null;
}
