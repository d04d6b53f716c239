import { LAST_GIFT, type GiftWindow } from './gift-windows';

/**
 * The default "Подарки от Санты" schedule, seeded once into an empty database: every gift in turn, each for
 * 24 hours from 10:00 Moscow time, every other day from 16 December 2026 (to 10 January 2027 for 13 gifts).
 * The day between two windows shows the "До подарка" countdown. Marketing edits it with `npm run schedule`.
 */
const MOSCOW_10AM_UTC_HOUR = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export function defaultChristmasSchedule(): GiftWindow[] {
  const firstStart = Date.UTC(2026, 11, 16, MOSCOW_10AM_UTC_HOUR);
  return Array.from({ length: LAST_GIFT }, (_, index) => {
    const startTimestamp = firstStart + index * 2 * DAY_MS;
    return { giftNumber: index + 1, startTimestamp, endTimestamp: startTimestamp + DAY_MS };
  });
}
