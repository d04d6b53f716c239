import { dayForms, pluralRu } from './plural';

const SECONDS_PER_HOUR = 3600;
const SECONDS_PER_DAY = 24 * SECONDS_PER_HOUR;

/**
 * The countdown: `3 дня 04:05:06` with days, `04:05:06` under a day, `05:06` under an hour,
 * `00:00` once the target has passed.
 *
 * Seconds are rounded up, so the display never reads `00:00` while time is still left, and reads
 * exactly `01:00:00` at one hour to go.
 */
export function formatCountdown(msLeft: number): string {
  if (!(msLeft > 0)) return '00:00';
  const totalSeconds = Math.ceil(msLeft / 1000);
  const days = Math.floor(totalSeconds / SECONDS_PER_DAY);
  const hours = Math.floor((totalSeconds % SECONDS_PER_DAY) / SECONDS_PER_HOUR);
  const minutes = Math.floor((totalSeconds % SECONDS_PER_HOUR) / 60);
  const seconds = totalSeconds % 60;

  const clock = `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
  if (days > 0) return `${days} ${pluralRu(days, dayForms)} ${clock}`;
  if (hours > 0) return clock;
  return `${pad(minutes)}:${pad(seconds)}`;
}

/** Milliseconds from `now` to `target`, never negative. */
export function timeLeft(target: number, now: number): number {
  return Math.max(0, target - now);
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}
