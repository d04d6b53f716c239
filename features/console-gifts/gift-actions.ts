'use server';

import { revalidatePath } from 'next/cache';
import type { GiftWindow } from '@/lib/api-contract';
import { describeWindow, type WindowProblem } from '@/lib/gift-windows';
import { z } from '@/lib/validation/zod';
import { answered } from '@/server/admin/action-steps';
import { operatorAction } from '@/server/admin/operator-action';
import { parseScheduleTime } from '@/server/gift-schedule/command';

/** What the window form says after a save, as a code with its data (gift-labels.ts words it). */
export type GiftWindowState =
  | { outcome: null }
  | { outcome: 'no_times' | 'not_found' }
  | { outcome: 'problem'; problem: WindowProblem }
  | { outcome: 'added' | 'saved'; window: GiftWindow };

const windowId = z.coerce.number().int().positive();
const typed = z.string().default('');

/** «Добавить окно» or, with the `id` of a window, «Сохранить» its change. `datetime-local` values are Moscow time (parseScheduleTime's default, as in the CLI). */
export const saveGiftWindowAction = operatorAction({
  input: z.object({ id: z.union([z.literal(''), windowId]).optional(), gift: typed, start: typed, end: typed }),
  invalid: (): GiftWindowState => ({ outcome: 'not_found' }),
  async prepare({ id, gift, start, end }) {
    const startTimestamp = parseScheduleTime(start);
    const endTimestamp = parseScheduleTime(end);
    if (startTimestamp === null || endTimestamp === null) return answered<GiftWindowState>({ outcome: 'no_times' });
    // Not a number of one or two digits: the window's check refuses it as a gift number.
    const giftNumber = /^\d{1,2}$/.test(gift) ? Number(gift) : Number.NaN;
    return { editing: id || null, window: { giftNumber, startTimestamp, endTimestamp } };
  },
  async write({ editing, window }, trx, { runtime, now }): Promise<{ id: number } | { updated: boolean } | { problem: WindowProblem }> {
    return editing === null ? runtime.repos.giftSchedule.add(window, now, trx) : runtime.repos.giftSchedule.update(editing, window, trx);
  },
  audit(result, { editing, window }) {
    if ('problem' in result || ('updated' in result && !result.updated)) return null;
    const subject = `окно ${'id' in result ? result.id : editing}`;
    // The window's gift and times as data: the journal words them (journal-sentences.ts).
    return { action: editing === null ? 'schedule_add' : 'schedule_edit', subject, details: { window: describeWindow(window), ...windowDetails(window) } };
  },
  answer(result, { editing, window }): GiftWindowState {
    if ('problem' in result) return { outcome: 'problem', problem: result.problem };
    if ('updated' in result && !result.updated) return { outcome: 'not_found' };
    revalidatePath('/admin/gift-windows');
    return { outcome: editing === null ? 'added' : 'saved', window };
  },
});

const windowDetails = (window: GiftWindow) => ({ giftNumber: window.giftNumber, startTimestamp: window.startTimestamp, endTimestamp: window.endTimestamp });

/** «Удалить» a window; the journal keeps which gift and when it was. */
export const removeGiftWindowAction = operatorAction({
  input: z.object({ id: windowId }),
  async prepare({ id }, { runtime }) {
    const window = (await runtime.repos.giftSchedule.list()).find((stored) => stored.id === id);
    return { id, window: window ? windowDetails(window) : null };
  },
  write: ({ id }, trx, { runtime }) => runtime.repos.giftSchedule.remove(id, trx),
  audit: (removed, { id, window }) => (removed ? { action: 'schedule_remove', subject: `окно ${id}`, ...(window ? { details: window } : {}) } : null),
  answer: () => revalidatePath('/admin/gift-windows'),
});
