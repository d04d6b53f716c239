/**
 * One window of the gift schedule, as `GET /api/gift-schedule` serves it and the server stores it
 * (spec 3, "Gift schedule item"): millisecond timestamps, both ends inclusive (spec 4.4).
 */
export interface GiftWindow {
  giftNumber: number;
  startTimestamp: number;
  endTimestamp: number;
}

/** The public endpoint of the schedule. */
export const GIFT_SCHEDULE_PATH = '/api/gift-schedule';
