/**
 * Gift schedule windows (spec 3, "Gift schedule item") and the rules every stored window keeps:
 * gift 1-13, start before end, no two windows overlapping. Pure, so the API, the CLI and the tests
 * share one definition.
 */
export interface GiftWindow {
  giftNumber: number;
  /** Milliseconds since the epoch; a window is active from start to end inclusive (spec 4.4). */
  startTimestamp: number;
  endTimestamp: number;
}

export const FIRST_GIFT = 1;
export const LAST_GIFT = 13;

/** Why a window cannot be stored, or null when it can. Windows may touch (one ends as the next starts). */
export function windowProblem(candidate: GiftWindow, existing: readonly GiftWindow[]): string | null {
  const { giftNumber, startTimestamp, endTimestamp } = candidate;
  if (!Number.isInteger(giftNumber) || giftNumber < FIRST_GIFT || giftNumber > LAST_GIFT) {
    return `gift number must be a whole number from ${FIRST_GIFT} to ${LAST_GIFT}`;
  }
  if (!Number.isSafeInteger(startTimestamp) || !Number.isSafeInteger(endTimestamp) || startTimestamp < 0) {
    return 'start and end must be valid times';
  }
  if (startTimestamp >= endTimestamp) return 'start must be before end';
  const clash = existing.find((other) => startTimestamp < other.endTimestamp && other.startTimestamp < endTimestamp);
  if (clash) {
    return `overlaps the window of gift ${clash.giftNumber} (${formatMoscowTime(clash.startTimestamp)} - ${formatMoscowTime(clash.endTimestamp)})`;
  }
  return null;
}

const moscow = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Moscow',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** `2026-12-20 10:00:00 MSK`: the school works in Moscow time, so its people read schedules in it. */
export function formatMoscowTime(timestamp: number): string {
  return `${moscow.format(timestamp)} MSK`;
}

export function sortByStart<T extends GiftWindow>(windows: readonly T[]): T[] {
  return [...windows].sort((a, b) => a.startTimestamp - b.startTimestamp || a.giftNumber - b.giftNumber);
}
