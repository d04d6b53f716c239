'use server';

import { revalidatePath } from 'next/cache';
import { z } from '@/lib/validation/zod';
import { requireOperator } from '@/server/admin/session';
import { parseScheduleTime } from '@/server/gift-schedule/command';
import { describeWindowProblem, formatMoscowTime } from '@/server/gift-schedule/windows';

export interface GiftWindowState {
  error: string | null;
  message: string | null;
}

const id = z.coerce.number().int().positive();

/** The form's fields: `datetime-local` values are Moscow time (parseScheduleTime's default, as in the CLI). */
function readWindow(form: FormData) {
  const startTimestamp = parseScheduleTime(String(form.get('start') ?? ''));
  const endTimestamp = parseScheduleTime(String(form.get('end') ?? ''));
  const giftText = String(form.get('gift') ?? '');
  return { giftNumber: /^\d{1,2}$/.test(giftText) ? Number(giftText) : Number.NaN, startTimestamp, endTimestamp };
}

function describe(window: { giftNumber: number; startTimestamp: number; endTimestamp: number }) {
  return `подарок ${window.giftNumber}, ${formatMoscowTime(window.startTimestamp)} – ${formatMoscowTime(window.endTimestamp)}`;
}

export async function saveGiftWindowAction(_previous: GiftWindowState, form: FormData): Promise<GiftWindowState> {
  const { runtime, email } = await requireOperator();
  const { giftNumber, startTimestamp, endTimestamp } = readWindow(form);
  if (startTimestamp === null || endTimestamp === null) return { error: 'Укажите начало и конец', message: null };
  const window = { giftNumber, startTimestamp, endTimestamp };
  const editing = form.get('id') ? id.safeParse(form.get('id')) : null;
  if (editing && !editing.success) return { error: 'Окно не найдено', message: null };

  const result = editing
    ? await runtime.repos.giftSchedule.update(editing.data, window)
    : await runtime.repos.giftSchedule.add(window, Date.now());
  if ('problem' in result) return { error: describeWindowProblem(result.problem), message: null };
  if ('updated' in result && !result.updated) return { error: 'Окно не найдено', message: null };
  const subject = `окно ${editing ? editing.data : (result as { id: number }).id}`;
  await runtime.repos.audit.record({ actor: email, action: editing ? 'schedule_edit' : 'schedule_add', subject, details: { window: describe(window) } });
  revalidatePath('/admin/gift-windows');
  return { error: null, message: editing ? `Сохранено: ${describe(window)}` : `Добавлено: ${describe(window)}` };
}

export async function removeGiftWindowAction(form: FormData): Promise<void> {
  const { runtime, email } = await requireOperator();
  const windowId = id.parse(form.get('id'));
  if (await runtime.repos.giftSchedule.remove(windowId)) {
    await runtime.repos.audit.record({ actor: email, action: 'schedule_remove', subject: `окно ${windowId}` });
  }
  revalidatePath('/admin/gift-windows');
}
