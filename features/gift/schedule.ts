/**
 * The gift schedule: which gift window is running now, or which one starts next.
 * Pure functions, no React: the tab calls `giftStateAt` once a second.
 */

import type { ServedGiftWindow } from '@/lib/api-contract';

/** A window with its gift's struck-out price and discount as the server looked them up (when it sent them). */
export type GiftWindow = ServedGiftWindow;

export type GiftState =
  { status: 'active'; window: GiftWindow; countdownTo: number } | { status: 'upcoming'; window: GiftWindow; countdownTo: number } | { status: 'hidden' };

const hidden: GiftState = { status: 'hidden' };

/**
 * The state at `now` for a schedule sorted by start with no overlapping windows (what
 * `parseGiftSchedule` returns). Binary search for the first window that has not ended yet: it is the
 * active one if it has started, otherwise the next to start. Then end times rise with start times,
 * which is what makes the search valid.
 */
export function giftStateAt(schedule: readonly GiftWindow[], now: number): GiftState {
  let low = 0;
  let high = schedule.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (schedule[middle]!.endTimestamp < now) low = middle + 1;
    else high = middle;
  }
  const window = schedule[low];
  if (!window) return hidden;
  if (window.startTimestamp <= now) return { status: 'active', window, countdownTo: window.endTimestamp };
  return { status: 'upcoming', window, countdownTo: window.startTimestamp };
}

/**
 * Reads the body of `GET /api/gift-schedule` into a schedule `giftStateAt` can search.
 * - A body that is not a list throws (the caller logs it and shows no tab).
 * - A malformed item (a gift number below 1, a start after its end, a non-number) is skipped, so one
 *   bad row does not hide every other gift.
 * - Unsorted input is sorted by start here, once per load: the server promises sorted windows, but the
 *   search would silently give wrong answers if that promise ever broke.
 * - A window overlapping an earlier one is dropped (the server forbids overlaps; the earlier wins).
 *   Windows that only touch (one ends at the millisecond the next starts) are kept; at that
 *   millisecond the earlier one is active.
 * Which gifts exist is the server's to say: it stores no window of a gift content/gift-offers.ts lacks.
 * - The gift's struck-out price and discount are kept when they are numbers (the server looks them up
 *   in the course tariffs; the modal shows only the gift's price without them).
 * Hand-written rather than zod so the tab, which loads on every page, stays small.
 */
export function parseGiftSchedule(body: unknown): GiftWindow[] {
  if (!Array.isArray(body)) throw new TypeError('gift schedule: expected a list of windows');
  const windows = body.filter(isGiftWindow).map(({ giftNumber, startTimestamp, endTimestamp, oldPrice, discount }): GiftWindow => ({
    giftNumber,
    startTimestamp,
    endTimestamp,
    ...(Number.isFinite(oldPrice) && Number.isFinite(discount) ? { oldPrice, discount } : {}),
  }));
  windows.sort((a, b) => a.startTimestamp - b.startTimestamp || a.endTimestamp - b.endTimestamp);

  const schedule: GiftWindow[] = [];
  for (const window of windows) {
    const previous = schedule.at(-1);
    if (previous && window.startTimestamp < previous.endTimestamp) continue;
    schedule.push(window);
  }
  return schedule;
}

function isGiftWindow(item: unknown): item is GiftWindow {
  if (typeof item !== 'object' || item === null) return false;
  const { giftNumber, startTimestamp, endTimestamp } = item as Record<string, unknown>;
  return (
    Number.isInteger(giftNumber) &&
    (giftNumber as number) >= 1 &&
    Number.isFinite(startTimestamp) &&
    Number.isFinite(endTimestamp) &&
    (startTimestamp as number) <= (endTimestamp as number)
  );
}
