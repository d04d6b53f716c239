/**
 * The server's clock as seen from a browser whose own clock may be wrong (a phone set a day off).
 * `GET /api/gift-schedule` answers with `X-Server-Time` (epoch ms when the answer was made); a shared
 * cache in between adds `Age` (seconds). The browser keeps the offset from its monotonic clock
 * (`performance.now()`), which a change of the wall clock does not move.
 */
export const SERVER_TIME_HEADER = 'x-server-time';

export interface ServerClockSample {
  /** `X-Server-Time` of the answer. */
  serverTime: string | null;
  /** `Age` of the answer, if a cache served it. */
  age: string | null;
  /** Monotonic time (ms) when the request was sent and when the answer arrived. */
  sentAt: number;
  receivedAt: number;
}

/**
 * What to add to the monotonic clock to get the server's time, or null when the answer carries no time.
 * The answer was made somewhere in the round trip; the middle is the best guess (off by at most half
 * the round trip, far below the countdown's second).
 */
export function serverClockOffset({ serverTime, age, sentAt, receivedAt }: ServerClockSample): number | null {
  const time = Number(serverTime);
  if (serverTime === null || !Number.isFinite(time) || time <= 0) return null;
  const ageMs = Math.max(0, Number(age) || 0) * 1000;
  return time + ageMs - (sentAt + receivedAt) / 2;
}
