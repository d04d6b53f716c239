/**
 * Why a row of the outbox was not delivered, as `outbox.last_error_code` stores it: a code, never a
 * sentence. The console words each code (features/console-leads/delivery-error-labels.ts,
 * features/console-alerts/alert-labels.ts); `outbox.last_error_detail` holds the little that goes with
 * it (an HTTP status, a timeout, a network error's code, GetCourse's own refusal with personal data
 * blanked), never personal data.
 */

/**
 * How a call to GetCourse failed (server/getcourse/client.ts), as the metrics count it too: no answer in
 * time, no connection, its HTTP error, an answer that is not JSON, or its refusal of the import.
 */
export const GETCOURSE_CALL_FAILURES = ['timeout', 'network', 'http_4xx', 'http_5xx', 'not_json', 'refused'] as const;
export type GetCourseCallFailure = (typeof GETCOURSE_CALL_FAILURES)[number];

/**
 * A GetCourse delivery (server/getcourse/client.ts, server/deliveries/): the call's failures, and the worker's own:
 * `lead_missing` (the lead was erased before it went), `unknown_kind` (a delivery kind this release does
 * not know, from a newer one), `crashed` (the send threw: the error's class is the detail).
 */
export const DELIVERY_FAILURES = [...GETCOURSE_CALL_FAILURES, 'lead_missing', 'unknown_kind', 'crashed'] as const;
export type DeliveryFailure = (typeof DELIVERY_FAILURES)[number];

/**
 * A manager's alert (server/alerts/channels.ts): `link_refused`, Telegram would not take a link or the
 * markup of the text; `unreachable`, no answer, no connection or the service's own error; `crashed`, the
 * send threw.
 */
export const ALERT_FAILURES = ['chat_not_found', 'forbidden', 'unauthorized', 'rate_limited', 'unreachable', 'link_refused', 'refused', 'crashed'] as const;
export type AlertFailure = (typeof ALERT_FAILURES)[number];

/** Every code `outbox.last_error_code` may hold (both queues share the table). */
export const OUTBOX_FAILURES: readonly string[] = [...new Set<string>([...DELIVERY_FAILURES, ...ALERT_FAILURES])];
export type OutboxFailure = DeliveryFailure | AlertFailure;

/** A stored failure: its code and its detail. The code is read as a string: a newer release may write one this one does not know. */
export interface StoredFailure {
  code: string;
  detail: string | null;
}
