import { formatMoscowTime, isCalendarDate, isClockTime } from '@/lib/calendar';
import type { Repositories } from '../repositories';
import { describeWindow, describeWindowProblem } from '@/lib/gift-windows';
import { FIRST_GIFT, LAST_GIFT, windowState } from '../rules/gift-windows';

/**
 * `npm run schedule -- list | add <gift> <start> <end> | remove <id>`: how marketing edits the gift
 * windows, in Russian. Returns the exit code; writes to `out` and `err` so tests can read what a person
 * would see. A time that does not exist (31 November, 25:00) is refused, never moved to another day.
 */
export const scheduleUsage = `Как пользоваться:
  npm run schedule -- list                                   все окна подарков
  npm run schedule -- add <подарок ${FIRST_GIFT}-${LAST_GIFT}> <начало> <конец>     новое окно
  npm run schedule -- remove <номер окна>                    удалить окно

Время — как 2026-12-20T10:00 (по Москве, если пояс не указан), 2026-12-20T07:00Z,
2026-12-20T10:00+05:00 или миллисекунды с 1970 года. Окно действует от начала до конца;
окна не пересекаются.`;

export interface Output {
  out(line: string): void;
  err(line: string): void;
}

const MOSCOW_OFFSET = '+03:00';
const scheduleTime = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?))?(Z|[+-]\d{2}:\d{2})?$/i;

/**
 * `2026-12-20T10:00` (Moscow), `2026-12-20T10:00+05:00`, `...Z` or epoch milliseconds, or why not, in
 * Russian: a date missing from the calendar and a time past 23:59 are refused rather than rolled over.
 */
export function readScheduleTime(text: string): { timestamp: number } | { problem: string } {
  const value = text.trim();
  if (/^\d{10,}$/.test(value)) return { timestamp: Number(value) };
  const match = scheduleTime.exec(value);
  if (!match) return { problem: `не получается прочитать время «${value}»: пишите как 2026-12-20T10:00` };
  const [, date = '', time = '00:00', zone = MOSCOW_OFFSET] = match;
  if (!isCalendarDate(date)) return { problem: `такой даты нет в календаре: ${date}` };
  if (!isClockTime(time)) return { problem: `такого времени нет: ${time} (часы — от 00 до 23, минуты — от 00 до 59)` };
  const [offsetHours = 0, offsetMinutes = 0] = zone.toUpperCase() === 'Z' ? [] : zone.slice(1).split(':').map(Number);
  if (offsetHours > 14 || offsetMinutes > 59) return { problem: `такого часового пояса нет: ${zone}` };
  const timestamp = Date.parse(`${date}T${time}${zone.toUpperCase()}`);
  return Number.isNaN(timestamp) ? { problem: `не получается прочитать время «${value}»` } : { timestamp };
}

/** The timestamp of a schedule time, or null when it cannot be one (see readScheduleTime). */
export function parseScheduleTime(text: string): number | null {
  const read = readScheduleTime(text);
  return 'timestamp' in read ? read.timestamp : null;
}

const stateNames = { past: 'прошло', active: 'ИДЁТ', upcoming: 'впереди' } as const;

export async function runScheduleCommand(args: readonly string[], repos: Repositories, io: Output, now = Date.now()): Promise<number> {
  const [command, ...rest] = args;
  switch (command) {
    case 'list': {
      const windows = await repos.giftSchedule.list();
      if (windows.length === 0) io.out('Окон подарков нет: виджет подарков не показывается.');
      for (const window of windows) {
        io.out(
          `#${window.id}\tподарок ${String(window.giftNumber).padStart(2)}\t${formatMoscowTime(window.startTimestamp)} – ${formatMoscowTime(window.endTimestamp)}\t${stateNames[windowState(window, now)]}`,
        );
      }
      return 0;
    }
    case 'add': {
      if (rest.length !== 3) return usageError(io, 'для add нужны номер подарка, начало и конец');
      const [giftText, startText, endText] = rest as [string, string, string];
      const giftNumber = /^\d+$/.test(giftText) ? Number(giftText) : Number.NaN;
      const start = readScheduleTime(startText);
      const end = readScheduleTime(endText);
      if ('problem' in start) return usageError(io, `начало: ${start.problem}`);
      if ('problem' in end) return usageError(io, `конец: ${end.problem}`);
      const window = { giftNumber, startTimestamp: start.timestamp, endTimestamp: end.timestamp };
      const result = await repos.giftSchedule.add(window, now);
      if ('problem' in result) {
        io.err(`Не добавлено: ${describeWindowProblem(result.problem)}.`);
        return 1;
      }
      io.out(`Добавлено окно #${result.id}: ${describeWindow(window)}.`);
      return 0;
    }
    case 'remove': {
      const id = rest.length === 1 && /^#?\d+$/.test(rest[0]!) ? Number(rest[0]!.replace('#', '')) : null;
      if (id === null) return usageError(io, 'для remove нужен номер окна (его показывает list)');
      if (!(await repos.giftSchedule.remove(id))) {
        io.err(`Окна #${id} нет.`);
        return 1;
      }
      io.out(`Окно #${id} удалено.`);
      return 0;
    }
    default:
      return usageError(io, command ? `неизвестная команда «${command}»` : 'не указана команда');
  }
}

function usageError(io: Output, message: string): number {
  io.err(`Ошибка: ${message}.\n\n${scheduleUsage}`);
  return 2;
}
