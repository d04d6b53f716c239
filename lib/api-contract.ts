/**
 * What the browser and the server agree on: the public endpoints' paths and the shapes they exchange.
 * Both sides import them from here, so neither can drift from the other.
 */

export const ORDERS_ENDPOINT = '/api/getcourse/orders';
export const IDS_ENDPOINT = '/api/getcourse/ids';
export const GIFT_SCHEDULE_ENDPOINT = '/api/gift-schedule';
export const POPUP_EVENTS_ENDPOINT = '/api/popup-events';
/** The live pop-ups (issue 25); its answer's shape: `PublicPopups` in lib/popups/managed.ts. */
export const POPUPS_ENDPOINT = '/api/popups';
export const CSP_REPORT_ENDPOINT = '/api/csp-report';
export const VITALS_ENDPOINT = '/api/vitals';
/** A new signed visitor id of the split tests: `POST`, answered `{ "visitorId": "<id>.<signature>" }`. */
export const VISITOR_ID_ENDPOINT = '/api/visitor-id';

/** A field error as the API answers it (400): `{ path: "contacts.email", message: "Некорректная почта" }`. */
export interface FieldError {
  path: string;
  message: string;
}

/**
 * One window of the gift schedule, as `GET /api/gift-schedule` serves it and the server stores it
 * (spec 3, "Gift schedule item"): millisecond timestamps, both ends inclusive (spec 4.4).
 */
export interface GiftWindow {
  giftNumber: number;
  startTimestamp: number;
  endTimestamp: number;
}
