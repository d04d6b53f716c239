/**
 * What the browser and the server agree on: the public endpoints' paths and the shapes they exchange.
 * Both sides import them from here, so neither can drift from the other.
 */

/**
 * The product spec's lead calls (docs/spec-interface.md), which the forms post to: a contract with
 * everything outside this repository that posts leads, so these paths, their fields and their answers
 * (`message`, `msg`) never change. `/api/leads` and `/api/leads/ids` answer the same, through the same handlers.
 */
export const LEADS_ENDPOINT = '/api/getcourse/orders';
export const LEAD_IDS_ENDPOINT = '/api/getcourse/ids';
export const GIFT_SCHEDULE_ENDPOINT = '/api/gift-schedule';
export const POPUP_EVENTS_ENDPOINT = '/api/popup-events';
/** The live pop-ups; its answer's shape: `PublicPopups` in lib/popups/managed.ts. */
export const POPUPS_ENDPOINT = '/api/popups';
export const CSP_REPORT_ENDPOINT = '/api/csp-report';
export const VITALS_ENDPOINT = '/api/vitals';
/** A course page's view (lib/page-views.ts): `POST { "path" }`, answered 204. */
export const PAGE_VIEWS_ENDPOINT = '/api/page-views';
/** A new signed visitor id of the split tests: `POST`, answered `{ "visitorId": "<id>.<signature>" }`. */
export const VISITOR_ID_ENDPOINT = '/api/visitor-id';

/**
 * One field at fault, e.g. `{ code: "invalid_format", path: "contacts.email", message: "Некорректная почта" }`:
 * the code is zod's issue code (or the server's own, such as `unknown_form`), the message the field's
 * Russian text the form shows.
 */
export interface FieldError {
  code: string;
  path: string;
  message: string;
}

/**
 * Every refusal of the API, whatever its status: a code for programs and a Russian sentence for people;
 * `path` names the one field (or query parameter) at fault, `errors` lists the fields of a body that
 * are (400 `invalid_fields`).
 */
export interface ApiError {
  code: string;
  message: string;
  path?: string;
  errors?: FieldError[];
}

/**
 * One window of the gift schedule, as `GET /api/gift-schedule` serves it and the server stores it:
 * millisecond timestamps, both ends inclusive.
 */
export interface GiftWindow {
  giftNumber: number;
  startTimestamp: number;
  endTimestamp: number;
}

/**
 * A window as `GET /api/gift-schedule` serves it: with its gift's struck-out price (roubles, per month for
 * an instalment offer) and discount (whole percent), which the server looks up in the course tariffs the
 * offer refers to, so the browser never loads the courses. Absent only for a gift the release has no offer for.
 */
export interface ServedGiftWindow extends GiftWindow {
  oldPrice?: number;
  discount?: number;
}
