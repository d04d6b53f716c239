import type { Repositories } from '../repositories/types';
import { FIRST_GIFT, formatMoscowTime, LAST_GIFT } from './windows';

/**
 * `npm run schedule -- list | add <gift> <start> <end> | remove <id>`: how marketing edits the gift
 * windows. Returns the exit code; writes to `out` and `err` so tests can read what a person would see.
 */
export const scheduleUsage = `Usage:
  npm run schedule -- list
  npm run schedule -- add <gift ${FIRST_GIFT}-${LAST_GIFT}> <start> <end>
  npm run schedule -- remove <id>

Times are ISO 8601, e.g. 2026-12-20T10:00 (Moscow time when no offset is given), 2026-12-20T07:00Z,
or milliseconds since 1970. A window is active from its start to its end; windows must not overlap.`;

export interface Output {
  out(line: string): void;
  err(line: string): void;
}

const MOSCOW_OFFSET = '+03:00';

/** `2026-12-20T10:00` (Moscow), `2026-12-20T10:00+05:00`, `...Z` or epoch milliseconds; null when unreadable. */
export function parseScheduleTime(text: string): number | null {
  const value = text.trim();
  if (/^\d{10,}$/.test(value)) return Number(value);
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?))?(Z|[+-]\d{2}:\d{2})?$/i.exec(value);
  if (!match) return null;
  const [, date, time = '00:00', zone = MOSCOW_OFFSET] = match;
  const timestamp = Date.parse(`${date}T${time}${zone.toUpperCase()}`);
  return Number.isNaN(timestamp) ? null : timestamp;
}

export async function runScheduleCommand(args: readonly string[], repos: Repositories, io: Output, now = Date.now()): Promise<number> {
  const [command, ...rest] = args;
  switch (command) {
    case 'list': {
      const windows = await repos.giftSchedule.list();
      if (windows.length === 0) io.out('No gift windows: the gift widget stays hidden.');
      for (const window of windows) {
        const state = now > window.endTimestamp ? 'past' : now >= window.startTimestamp ? 'ACTIVE' : 'upcoming';
        io.out(
          `#${window.id}\tgift ${String(window.giftNumber).padStart(2)}\t${formatMoscowTime(window.startTimestamp)} - ${formatMoscowTime(window.endTimestamp)}\t${state}`,
        );
      }
      return 0;
    }
    case 'add': {
      if (rest.length !== 3) return usageError(io, 'add needs a gift number, a start and an end');
      const [giftText, startText, endText] = rest as [string, string, string];
      const giftNumber = /^\d+$/.test(giftText) ? Number(giftText) : Number.NaN;
      const startTimestamp = parseScheduleTime(startText);
      const endTimestamp = parseScheduleTime(endText);
      if (startTimestamp === null) return usageError(io, `cannot read the start time "${startText}"`);
      if (endTimestamp === null) return usageError(io, `cannot read the end time "${endText}"`);
      const result = await repos.giftSchedule.add({ giftNumber, startTimestamp, endTimestamp }, now);
      if ('problem' in result) {
        io.err(`Not added: ${result.problem}.`);
        return 1;
      }
      io.out(`Added #${result.id}: gift ${giftNumber}, ${formatMoscowTime(startTimestamp)} - ${formatMoscowTime(endTimestamp)}.`);
      return 0;
    }
    case 'remove': {
      const id = rest.length === 1 && /^#?\d+$/.test(rest[0]!) ? Number(rest[0]!.replace('#', '')) : null;
      if (id === null) return usageError(io, 'remove needs the id of a window (see list)');
      if (!(await repos.giftSchedule.remove(id))) {
        io.err(`No window #${id}.`);
        return 1;
      }
      io.out(`Removed #${id}.`);
      return 0;
    }
    default:
      return usageError(io, command ? `unknown command "${command}"` : 'no command given');
  }
}

function usageError(io: Output, message: string): number {
  io.err(`Error: ${message}.\n\n${scheduleUsage}`);
  return 2;
}
