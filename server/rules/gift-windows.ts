/**
 * Gift schedule windows and the rules every stored window keeps: a gift
 * of the promotion, start before end, no two windows overlapping. Pure, so the API, the CLI, the console
 * and the tests share one definition.
 */
import { giftOfferInputs } from '@/content/gift-offers';
import type { GiftWindow } from '@/lib/api-contract';
import type { WindowProblem } from '@/lib/gift-windows';

export type { GiftWindow, WindowProblem };

/** Gifts are numbered from 1 to the number of offers in content/gift-offers.ts. */
export const FIRST_GIFT = 1;
export const LAST_GIFT = giftOfferInputs.length;

/** Why a window cannot be stored, or null when it can. Windows may touch (one ends as the next starts). */
export function windowProblem(candidate: GiftWindow, existing: readonly GiftWindow[]): WindowProblem | null {
  const { giftNumber, startTimestamp, endTimestamp } = candidate;
  if (!Number.isInteger(giftNumber) || giftNumber < FIRST_GIFT || giftNumber > LAST_GIFT) {
    return { code: 'gift-number', first: FIRST_GIFT, last: LAST_GIFT };
  }
  if (!Number.isSafeInteger(startTimestamp) || !Number.isSafeInteger(endTimestamp) || startTimestamp < 0) return { code: 'invalid-time' };
  if (startTimestamp >= endTimestamp) return { code: 'start-not-before-end' };
  const clash = existing.find((other) => startTimestamp < other.endTimestamp && other.startTimestamp < endTimestamp);
  if (clash) return { code: 'overlap', with: { giftNumber: clash.giftNumber, startTimestamp: clash.startTimestamp, endTimestamp: clash.endTimestamp } };
  return null;
}

export function sortByStart<T extends GiftWindow>(windows: readonly T[]): T[] {
  return [...windows].sort((a, b) => a.startTimestamp - b.startTimestamp || a.giftNumber - b.giftNumber);
}

/**
 * How far outside its window a gift's lead is still taken: a visitor who pressed the button as the
 * countdown ran out, or whose request took a while to arrive, still gets the gift they saw.
 */
export const GIFT_WINDOW_GRACE_MS = 60_000;

/** Whether gift `giftNumber` is on sale at `now` (the server's clock): one of its windows runs, give or take the grace. */
export function giftOnSale(windows: readonly GiftWindow[], giftNumber: number, now: number): boolean {
  return windows.some(
    (window) => window.giftNumber === giftNumber && now >= window.startTimestamp - GIFT_WINDOW_GRACE_MS && now <= window.endTimestamp + GIFT_WINDOW_GRACE_MS,
  );
}

export type WindowState = 'past' | 'active' | 'upcoming';

export function windowState(window: GiftWindow, now: number): WindowState {
  if (now > window.endTimestamp) return 'past';
  return now >= window.startTimestamp ? 'active' : 'upcoming';
}
