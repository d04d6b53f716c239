'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from '@/lib/validation/zod';
import { getCourse } from '@/content/courses';
import { giftName, popupName } from '@/content/names';
import { describeWindowProblem } from '@/lib/gift-windows';
import { parseMoscowDateTime } from '@/lib/popups/edit-check';
import { answered, type OperatorRequest } from '@/server/admin/action-steps';
import { operatorAction } from '@/server/admin/operator-action';
import { refreshLiveContent } from '@/server/live-content/live';
import { parseTargetKey, type PublicationTarget } from './schedule';

/** What the «Перенести» dialog shows after a refused move. */
export interface RescheduleState {
  problem: string | null;
}

/** The thing a target names, as the journal calls it, and its moment now; null when it is not ahead any more. */
async function pending(target: PublicationTarget, { runtime, now }: OperatorRequest): Promise<{ name: string; at: number } | null> {
  if (target.source === 'content') {
    const version = await runtime.repos.contentVersions.get(target.id);
    if (!version || version.status !== 'published' || version.cancelledAt !== null || version.publishAt! <= now) return null;
    return { name: `${version.kind === 'event' ? 'событие' : 'статья'} «${String(version.fields.title ?? version.slug)}»`, at: version.publishAt! };
  }
  if (target.source === 'price') {
    const version = await runtime.repos.priceVersions.find(target.id);
    if (!version || version.cancelledAt !== null || version.effectiveFrom <= now) return null;
    return { name: `цены курса «${getCourse(version.courseSlug)?.title ?? version.courseSlug}»`, at: version.effectiveFrom };
  }
  if (target.source === 'popup') {
    const popup = await runtime.repos.popups.get(target.id);
    const at = popup?.config[target.bound];
    if (!popup || !popup.config.enabled || at === null || at === undefined || at <= now) return null;
    return { name: `${target.bound === 'startsAt' ? 'начало' : 'конец'} показа поп-апа «${popupName(target.id)}»`, at };
  }
  const window = (await runtime.repos.giftSchedule.list()).find((candidate) => candidate.id === target.id);
  const at = window && (target.bound === 'start' ? window.startTimestamp : window.endTimestamp);
  if (!window || at === undefined || at <= now) return null;
  return { name: `окно подарка «${giftName(window.giftNumber)}»`, at };
}

const targetField = z
  .string()
  .transform((key) => parseTargetKey(key))
  .catch(null);

/** After a change: the live content read again, «Публикации» and the sections drawn anew. */
async function afterChange(notice: string): Promise<never> {
  await refreshLiveContent();
  for (const path of ['/admin/publications', '/admin/articles', '/admin/events', '/admin/prices', '/admin/popups', '/admin/gift-windows']) revalidatePath(path);
  redirect(`/admin/publications?done=${notice}`);
}

/**
 * «Отменить»: a console version (an article's, an event's, a course's prices) does not come out; a pop-up's start switches it off (its end: it keeps
 * showing); a gift window is removed. Only what is still ahead; audited.
 */
export const cancelPublicationAction = operatorAction({
  input: z.object({ target: targetField }),
  async prepare({ target }, request) {
    const what = target && (await pending(target, request));
    if (!target || !what) redirect('/admin/publications?done=gone');
    return { target, ...what };
  },
  async write({ target }, trx, { runtime, email, now }) {
    if (target.source === 'content') return (await runtime.repos.contentVersions.cancel(target.id, now, trx)).done;
    if (target.source === 'price') return (await runtime.repos.priceVersions.cancel(target.id, now, trx)) !== null;
    if (target.source === 'gift') return runtime.repos.giftSchedule.remove(target.id, trx);
    const popup = (await runtime.repos.popups.get(target.id))!;
    const config = target.bound === 'startsAt' ? { ...popup.config, enabled: false } : { ...popup.config, endsAt: null };
    return (await runtime.repos.popups.save(target.id, config, { expectedVersion: popup.version, actor: email, now }, trx)).saved;
  },
  audit: (done, { target, name, at }) => (done ? { action: 'publication_cancel', subject: target.source, details: { name, at } } : null),
  answer: (done) => afterChange(done ? 'cancelled' : 'gone'),
});

/** «Перенести»: the moment moved to another one ahead (Moscow time); refused with a reason in the dialog; audited. */
export const reschedulePublicationAction = operatorAction({
  input: z.object({ target: targetField, at: z.string().default('') }),
  invalid: (): RescheduleState => ({ problem: 'Форма пришла неполной: обновите страницу' }),
  async prepare({ target, at: typed }, request) {
    const what = target && (await pending(target, request));
    if (!target || !what) return answered<RescheduleState>({ problem: 'Этой публикации уже нет в списке: обновите страницу' });
    const at = parseMoscowDateTime(typed);
    if (at === null) return answered<RescheduleState>({ problem: 'Укажите дату и время' });
    if (at <= request.now) return answered<RescheduleState>({ problem: 'Это время уже прошло: выберите время впереди' });
    return { target, at, name: what.name, from: what.at };
  },
  async write({ target, at }, trx, { runtime, email, now }): Promise<string | null> {
    const gone = 'Этой публикации уже нет в списке';
    if (target.source === 'content') return (await runtime.repos.contentVersions.reschedule(target.id, at, now, trx)).done ? null : gone;
    if (target.source === 'price') return (await runtime.repos.priceVersions.reschedule(target.id, at, now, trx)) ? null : gone;
    if (target.source === 'gift') {
      const window = (await runtime.repos.giftSchedule.list()).find((candidate) => candidate.id === target.id)!;
      const moved = target.bound === 'start' ? { ...window, startTimestamp: at } : { ...window, endTimestamp: at };
      const result = await runtime.repos.giftSchedule.update(
        target.id,
        { giftNumber: moved.giftNumber, startTimestamp: moved.startTimestamp, endTimestamp: moved.endTimestamp },
        trx,
      );
      return 'problem' in result ? describeWindowProblem(result.problem) : null;
    }
    const popup = (await runtime.repos.popups.get(target.id))!;
    const config = { ...popup.config, [target.bound]: at };
    if (config.startsAt !== null && config.endsAt !== null && config.startsAt >= config.endsAt) return 'Начало показа должно быть раньше конца';
    const saved = await runtime.repos.popups.save(target.id, config, { expectedVersion: popup.version, actor: email, now }, trx);
    return saved.saved ? null : 'Поп-ап только что изменили: обновите страницу';
  },
  audit: (problem, { target, name, from, at }) =>
    problem === null ? { action: 'publication_reschedule', subject: target.source, details: { name, from, to: at } } : null,
  async answer(problem): Promise<RescheduleState> {
    if (problem !== null) return { problem };
    return afterChange('moved');
  },
});
