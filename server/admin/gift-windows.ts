import { sql } from 'kysely';
import { inWriteTransaction, type DatabaseHandle } from '../db/connection';
import { windowProblem, type GiftWindow } from '../gift-schedule/windows';
import type { Repositories, StoredGiftWindow } from '../repositories/types';

/**
 * The console's gift windows: the CLI's rules (windowProblem: gift 1-13, start before end, no
 * overlap), checked inside the write transaction like the repository's `add`, in Russian words.
 */
export function russianWindowProblem(problem: string): string {
  const overlap = /^overlaps the window of gift (\d+) \((.+)\)$/.exec(problem);
  if (overlap) return `Пересекается с окном подарка ${overlap[1]} (${overlap[2]})`;
  if (problem.startsWith('gift number')) return 'Номер подарка — целое число от 1 до 13';
  if (problem === 'start must be before end') return 'Начало должно быть раньше конца';
  return 'Укажите начало и конец';
}

/** Changes a stored window; the others (not itself) must still not overlap it. */
export function updateGiftWindow(handle: DatabaseHandle, id: number, window: GiftWindow): Promise<{ updated: boolean } | { problem: string }> {
  return inWriteTransaction(handle, async (trx) => {
    // Two people editing at once must not both pass the overlap check (as in the repository's add).
    if (handle.dialect === 'postgres') await sql`lock table gift_schedule_windows in share row exclusive mode`.execute(trx);
    const others = await trx.selectFrom('gift_schedule_windows').select(['gift_number', 'start_at', 'end_at']).where('id', '<>', id).execute();
    const problem = windowProblem(
      window,
      others.map((row) => ({ giftNumber: row.gift_number, startTimestamp: Number(row.start_at), endTimestamp: Number(row.end_at) })),
    );
    if (problem) return { problem };
    const result = await trx
      .updateTable('gift_schedule_windows')
      .set({ gift_number: window.giftNumber, start_at: window.startTimestamp, end_at: window.endTimestamp })
      .where('id', '=', id)
      .executeTakeFirst();
    return { updated: Number(result.numUpdatedRows) === 1 };
  });
}

export type WindowState = 'past' | 'active' | 'upcoming';

export function windowState(window: GiftWindow, now: number): WindowState {
  if (now > window.endTimestamp) return 'past';
  return now >= window.startTimestamp ? 'active' : 'upcoming';
}

/** The stored windows by start, each with its state at `now`. */
export async function giftWindowsNow(repos: Repositories, now = Date.now()): Promise<(StoredGiftWindow & { state: WindowState })[]> {
  return (await repos.giftSchedule.list()).map((window) => ({ ...window, state: windowState(window, now) }));
}
