import { notFound } from 'next/navigation';
import { type CourseInput, courseEntries } from '@/content/courses';
import type { LiveTariffPrice } from '@/content/live/state';
import { coursePriceProblems, type PriceProblem } from '@/content/validation/course-prices';
import { requireOperator } from '@/server/admin/session';
import { pricesAt, versionsInEffect } from '@/server/live-content/prices';
import type { PriceVersion } from '@/server/repositories/price-versions';
import type { PriceVersionState, TariffLabel } from './price-labels';

/** The figures a course's file writes, in the form the console saves. */
export function fileFigures(entry: CourseInput): LiveTariffPrice[] {
  return entry.tariffs.map(({ price, oldPrice, months }) => ({
    price,
    ...(oldPrice === undefined ? {} : { oldPrice }),
    ...(months === undefined ? {} : { months }),
  }));
}

const tariffLabels = (entry: CourseInput): TariffLabel[] => entry.tariffs.map(({ name, monthly }) => ({ name, monthly }));

/** «Цены»: every course by its title, its tariffs' figures on the site now (the version in effect, else the file's) and the times of its scheduled versions. */
export async function loadPriceList() {
  const { runtime, now } = await requireOperator();
  const versions = await runtime.repos.priceVersions.standing();
  const inEffect = versionsInEffect(versions, now);
  const courses = courseEntries.map((entry) => ({
    slug: entry.slug,
    title: entry.title,
    tariffs: tariffLabels(entry),
    figures: inEffect.get(entry.slug)?.tariffs ?? fileFigures(entry),
    scheduled: versions
      .filter((version) => version.courseSlug === entry.slug && version.effectiveFrom > now)
      .map((version) => version.effectiveFrom)
      .sort((a, b) => a - b),
  }));
  return { courses, now };
}

export type PriceList = Awaited<ReturnType<typeof loadPriceList>>;

/**
 * One course's «Цены»: its tariffs with the figures on the site now, and every version newest first with
 * its state. `restoreRefused` (a version's id) brings back why that version could not be restored.
 */
export async function loadCoursePrices(slug: string, restoreRefused?: string) {
  const { runtime, now } = await requireOperator();
  const entry = courseEntries.find((course) => course.slug === slug);
  if (!entry) notFound();
  const [history, standing] = await Promise.all([runtime.repos.priceVersions.list(slug), runtime.repos.priceVersions.standing()]);
  const current = versionsInEffect(history, now).get(slug) ?? null;
  const refused = history.find((version) => String(version.id) === restoreRefused);
  const restoreProblems: PriceProblem[] = refused ? coursePriceProblems(slug, refused.tariffs, { inEffect: pricesAt(standing, now) }) : [];
  return {
    course: { slug, title: entry.title, path: entry.path, tariffs: tariffLabels(entry) },
    figures: current?.tariffs ?? fileFigures(entry),
    history: history.map((version) => ({ ...version, state: versionState(version, current, now) })),
    restoreProblems,
    now,
  };
}

export type CoursePrices = Awaited<ReturnType<typeof loadCoursePrices>>;

function versionState(version: PriceVersion, current: PriceVersion | null, now: number): PriceVersionState {
  if (version.cancelledAt !== null) return 'cancelled';
  if (version.effectiveFrom > now) return 'scheduled';
  return version.id === current?.id ? 'current' : 'past';
}
