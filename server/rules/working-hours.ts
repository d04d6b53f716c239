/**
 * Working hours of the sales managers (Moscow time, which has no daylight saving time since 2014):
 * when an alert may go out now, and when the next opening is. Pure: every function takes the clock.
 */

/** ISO weekdays: 1 Monday … 7 Sunday. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;
export const WEEKDAYS: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 7];
export const WEEKDAY_LABELS: Record<Weekday, string> = { 1: 'Пн', 2: 'Вт', 3: 'Ср', 4: 'Чт', 5: 'Пт', 6: 'Сб', 7: 'Вс' };

export interface WorkingSchedule {
  /** Minutes after Moscow midnight: the opening (inclusive) and the closing (exclusive, up to 24:00). */
  openMinute: number;
  closeMinute: number;
  days: Weekday[];
}

const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;
const MOSCOW_OFFSET_MS = 3 * 60 * MINUTE_MS;

export type HoursError = 'hours_format' | 'hours_order';

/**
 * `10:00–19:00` (an en dash, a hyphen or an em dash, spaces allowed); the end may be `24:00`. A window over
 * midnight is refused: the managers' day ends before it starts again.
 */
export function parseHours(text: string): { ok: true; openMinute: number; closeMinute: number } | { ok: false; error: HoursError } {
  const match = /^\s*(\d{1,2}):(\d{2})\s*[-–—]\s*(\d{1,2}):(\d{2})\s*$/.exec(text);
  if (!match) return { ok: false, error: 'hours_format' };
  const [open, close] = [minuteOf(match[1]!, match[2]!), minuteOf(match[3]!, match[4]!)];
  if (open === null || close === null || open === DAY_MINUTES) return { ok: false, error: 'hours_format' };
  if (open >= close) return { ok: false, error: 'hours_order' };
  return { ok: true, openMinute: open, closeMinute: close };
}

function minuteOf(hours: string, minutes: string): number | null {
  const h = Number(hours);
  const m = Number(minutes);
  if (m > 59 || h > 24 || (h === 24 && m !== 0)) return null;
  return h * 60 + m;
}

/** `10:00–19:00`. */
export function formatHours({ openMinute, closeMinute }: Pick<WorkingSchedule, 'openMinute' | 'closeMinute'>): string {
  const clock = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
  return `${clock(openMinute)}–${clock(closeMinute)}`;
}

/** The Moscow day (days since the epoch), its weekday and the minute of that day at `now`. */
function moscowClock(now: number): { day: number; weekday: Weekday; minute: number } {
  const local = now + MOSCOW_OFFSET_MS;
  const day = Math.floor(local / (DAY_MINUTES * MINUTE_MS));
  // 1970-01-01 was a Thursday (ISO 4).
  const weekday = ((((day + 3) % 7) + 7) % 7) + 1;
  return { day, weekday: weekday as Weekday, minute: Math.floor((local - day * DAY_MINUTES * MINUTE_MS) / MINUTE_MS) };
}

export function isOpen(now: number, schedule: WorkingSchedule): boolean {
  const { weekday, minute } = moscowClock(now);
  return schedule.days.includes(weekday) && minute >= schedule.openMinute && minute < schedule.closeMinute;
}

/** `now` while open; otherwise the next opening. Null when no day is a working day (nothing ever opens). */
export function nextOpening(now: number, schedule: WorkingSchedule): number | null {
  if (isOpen(now, schedule)) return now;
  if (schedule.days.length === 0) return null;
  const { day, weekday, minute } = moscowClock(now);
  for (let ahead = 0; ahead <= 7; ahead++) {
    const candidateWeekday = (((weekday - 1 + ahead) % 7) + 1) as Weekday;
    if (!schedule.days.includes(candidateWeekday)) continue;
    if (ahead === 0 && minute >= schedule.openMinute) continue;
    return (day + ahead) * DAY_MINUTES * MINUTE_MS + schedule.openMinute * MINUTE_MS - MOSCOW_OFFSET_MS;
  }
  return null;
}
