/**
 * GetCourse's deal number for our lead. GetCourse imports are not idempotent: with
 * `refresh_if_exists` a deal number that already exists is updated instead of duplicated, so a retry
 * of the same lead must always carry the same number. The offset keeps our numbers in a range of
 * their own (1 000 000 001 and up, still a 32-bit integer), far above the numbers GetCourse gives the
 * school's other deals, so an import can never update somebody else's deal.
 */
export const DEAL_NUMBER_OFFSET = 1_000_000_000;

export function dealNumberFor(leadId: number): string {
  return String(DEAL_NUMBER_OFFSET + leadId);
}

export function leadIdOfDealNumber(dealNumber: string): number | null {
  const leadId = Number(dealNumber) - DEAL_NUMBER_OFFSET;
  return Number.isSafeInteger(leadId) && leadId > 0 ? leadId : null;
}
