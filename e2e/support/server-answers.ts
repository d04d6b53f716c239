/**
 * What our lead API really answers, for the tests that must fake an answer (a fault the real server would
 * not give on demand). Built from the server's own messages and shapes (server/http/messages.ts,
 * responses.ts), so a fake can never say what the server never says.
 */
import { giftPrices } from '../../content/gift-offer-prices';
import type { GiftWindow, ServedGiftWindow } from '../../lib/api-contract';
import { SERVER_TIME_HEADER } from '../../lib/server-clock';
import { refusalMessages, type RefusalCode } from '../../server/http/messages';

type Answer = { status: number; headers: Record<string, string>; json: unknown };

const error = (status: number, code: RefusalCode, headers: Record<string, string> = {}): Answer => ({
  status,
  headers: { 'cache-control': 'no-store', ...headers },
  json: { code, message: refusalMessages[code] },
});

export const serverAnswers = {
  /** A database failure: nothing was stored (handlers.ts answers it with Retry-After: 30). */
  unavailable: error(503, 'unavailable', { 'retry-after': '30' }),
  /** A request from another site's page: final, not retried. */
  foreignOrigin: error(403, 'foreign_origin'),
  /** The idempotency key was used for other values: final, not retried. */
  keyReused: error(422, 'idempotency_key_reused'),
} satisfies Record<string, Answer>;

/**
 * A route handler that throws past its endpoint (server/http/endpoint.ts), or a proxy in front that fails:
 * Next.js answers 500 with an empty body. No request makes our server do that on demand.
 */
export const crashedAnswer = { status: 500, headers: { 'cache-control': 'no-store' }, body: '' };

/** A window as `GET /api/gift-schedule` serves it: with its gift's struck-out price and discount, looked up as the server does. */
export function servedGiftWindow(window: GiftWindow): ServedGiftWindow {
  return { ...window, ...giftPrices(window.giftNumber) };
}

/** `GET /api/gift-schedule` with no window at all (the e2e stack seeds one, so this state must be faked). */
export function emptyGiftSchedule(): Answer {
  return giftSchedule([]);
}

/** `GET /api/gift-schedule` with these windows instead of the stack's running one (another state of the tab). */
export function giftSchedule(windows: GiftWindow[]): Answer {
  return { status: 200, headers: { 'cache-control': 'public, max-age=60', [SERVER_TIME_HEADER]: String(Date.now()) }, json: windows.map(servedGiftWindow) };
}

/**
 * `GET /api/gift-schedule` with gift `giftNumber` running now, from an hour ago to an hour ahead, on the
 * server's clock: for a native offer, whose record the server keeps whatever its schedule (the stack runs
 * an ajax offer, e2eRunningGift).
 */
export function runningGiftSchedule(giftNumber: number): Answer {
  const now = Date.now();
  const hour = 60 * 60 * 1000;
  return {
    status: 200,
    headers: { 'cache-control': 'public, max-age=60', [SERVER_TIME_HEADER]: String(now) },
    json: [servedGiftWindow({ giftNumber, startTimestamp: now - hour, endTimestamp: now + hour })],
  };
}
