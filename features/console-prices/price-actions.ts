'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { courseEntries } from '@/content/courses';
import type { LiveTariffPrice } from '@/content/live/state';
import { coursePriceProblems } from '@/content/validation/course-prices';
import { z } from '@/lib/validation/zod';
import { answered, type OperatorRequest } from '@/server/admin/action-steps';
import { operatorAction } from '@/server/admin/operator-action';
import { parseScheduleTime } from '@/server/gift-schedule/command';
import { pricesAt } from '@/server/live-content/prices';
import { refreshLiveContent } from '@/server/live-content/live';
import type { PriceVersion } from '@/server/repositories/price-versions';
import { type PriceFormProblem, readPriceForm } from './price-form';
import { priceTimeProblems, versionFigures } from './price-labels';

/** What the form says after «Сохранить» when nothing was saved: the problems, and the values typed (kept in the form). */
export type PriceSaveState = { problems: PriceFormProblem[]; values: Record<string, string> } | null;

const refused = (problems: PriceFormProblem[], values: Record<string, string>) => answered<PriceSaveState>({ problems, values });

/**
 * The content check of `figures` for the course, with every course at its prices in effect and the
 * console's pop-ups: what `npm run check` would say of a file with these prices.
 */
async function priceProblems(slug: string, figures: readonly LiveTariffPrice[], { runtime, now }: OperatorRequest) {
  const [standing, popups] = await Promise.all([runtime.repos.priceVersions.standing(), runtime.repos.popups.list()]);
  return coursePriceProblems(slug, figures, { inEffect: pricesAt(standing, now), consolePopups: popups.map(({ id, config }) => ({ id, config })) });
}

/** The journal's details of a version: the course's title, its figures in words, from when. */
function versionDetails(version: PriceVersion, now: number) {
  const entry = courseEntries.find((course) => course.slug === version.courseSlug);
  return {
    title: entry?.title ?? version.courseSlug,
    prices: versionFigures(version.tariffs, entry?.tariffs ?? []),
    effectiveFrom: version.effectiveFrom,
    scheduled: version.effectiveFrom > now,
  };
}

/** After a change: this instance's live content at once (the others follow within their poll), and the console's pages. */
async function changed(slug: string, notice: string): Promise<never> {
  await refreshLiveContent();
  revalidatePath('/admin/prices');
  redirect(`/admin/prices/${encodeURIComponent(slug)}?${notice}`);
}

/**
 * «Сохранить»: the course's new figures, read with the form's schema and checked like a content file;
 * any problem answers with nothing saved. Saved as a new version, in effect at once or from «Действует с».
 */
export const savePricesAction = operatorAction({
  input: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  async prepare(fields, request) {
    const values = Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, Array.isArray(value) ? (value[0] ?? '') : value]));
    const entry = courseEntries.find((course) => course.slug === values.course);
    if (!entry) return refused([{ tariff: null, field: null, message: 'Такого курса нет на сайте: обновите страницу' }], values);
    const read = readPriceForm(
      values,
      entry.tariffs.map((tariff) => tariff.name),
    );
    if ('problems' in read) return refused(read.problems, values);
    const { form } = read;
    const effectiveFrom = form.effectiveFrom === '' ? request.now : parseScheduleTime(form.effectiveFrom);
    if (effectiveFrom === null) return refused([{ tariff: null, field: null, message: priceTimeProblems.unreadable }], values);
    // The form has minutes: the minute under way is «now».
    if (effectiveFrom < request.now - 60_000) return refused([{ tariff: null, field: null, message: priceTimeProblems.past }], values);
    // A struck-out price or months left empty are no figure at all: a tariff without them.
    const figures: LiveTariffPrice[] = form.tariffs.map(({ price, oldPrice, months }) => ({
      price,
      ...(oldPrice === undefined ? {} : { oldPrice }),
      ...(months === undefined ? {} : { months }),
    }));
    const problems = await priceProblems(entry.slug, figures, request);
    if (problems.length > 0) return refused(problems, values);
    return { courseSlug: entry.slug, tariffs: figures, effectiveFrom: Math.max(effectiveFrom, request.now) };
  },
  write: (version, trx, { runtime, email, now }) => runtime.repos.priceVersions.add({ ...version, operator: email }, now, trx),
  audit: (saved) => ({ action: 'price_save', subject: saved.courseSlug, details: versionDetails(saved, saved.createdAt) }),
  answer: (saved): Promise<PriceSaveState> => changed(saved.courseSlug, `saved=${saved.id}`),
});

const versionId = z.object({ id: z.coerce.number().int().positive() });

/** «Вернуть эту версию»: its figures again, as a new version in effect now; refused (nothing saved) when they no longer pass the check. */
export const restorePriceVersionAction = operatorAction({
  input: versionId,
  async prepare({ id }, request) {
    const version = await request.runtime.repos.priceVersions.find(id);
    if (!version) redirect('/admin/prices?missing=1');
    const entry = courseEntries.find((course) => course.slug === version.courseSlug);
    // A release changed the course's tariffs since: the check names the mismatch.
    if (!entry || (await priceProblems(version.courseSlug, version.tariffs, request)).length > 0) {
      redirect(`/admin/prices/${encodeURIComponent(version.courseSlug)}?restoreRefused=${id}`);
    }
    return { restored: version };
  },
  write: ({ restored }, trx, { runtime, email, now }) =>
    runtime.repos.priceVersions.add({ courseSlug: restored.courseSlug, tariffs: restored.tariffs, effectiveFrom: now, operator: email }, now, trx),
  audit: (saved, { restored }) => ({
    action: 'price_restore',
    subject: saved.courseSlug,
    details: { ...versionDetails(saved, saved.createdAt), restoredFrom: restored.createdAt, restoredVersion: restored.id },
  }),
  answer: (saved) => changed(saved.courseSlug, `restored=${saved.id}`),
});

/** «Отменить» a version scheduled ahead: it never takes effect. */
export const cancelPriceVersionAction = operatorAction({
  input: versionId,
  write: ({ id }, trx, { runtime, now }) => runtime.repos.priceVersions.cancel(id, now, trx),
  audit: (cancelled) =>
    cancelled ? { action: 'price_cancel', subject: cancelled.courseSlug, details: versionDetails(cancelled, cancelled.cancelledAt!) } : null,
  async answer(cancelled, { id }) {
    if (!cancelled) {
      redirect(`/admin/prices?notCancelled=${id}`);
    }
    await changed(cancelled.courseSlug, `cancelled=${cancelled.id}`);
  },
});
