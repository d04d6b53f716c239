import { coursePriceLabel } from './course-price';
import type { CoursePageEntry } from '@/content/courses';
import type { PageVariantChanges } from '@/lib/page-tests/variants';

/** What the top of a course page shows: the course's own, or what its campaign landing overrides. */
export interface CourseFirstScreen {
  eyebrow: string;
  headline: string;
  lead: string;
  cta: string;
  programCta: string;
  priceLine: string;
  image: CoursePageEntry['course']['image'];
}

export function firstScreenOf({ course, variant }: Pick<CoursePageEntry, 'course' | 'variant'>): CourseFirstScreen {
  const landing = variant?.hero ?? {};
  return {
    eyebrow: landing.eyebrow ?? course.hero.eyebrow,
    headline: landing.headline ?? course.title,
    lead: landing.lead ?? course.hero.lead,
    cta: landing.cta ?? course.hero.cta,
    programCta: landing.programCta ?? 'Программа курса',
    priceLine: landing.priceLine ?? coursePriceLabel(course),
    image: landing.image ?? course.image,
  };
}

/**
 * What a page test's variant A shows (the page's own first screen and first tariff), beside which each
 * variant's changes are read; all null for a page the site no longer has.
 */
export function pageTestOriginal(entry: Pick<CoursePageEntry, 'course' | 'variant'> | undefined): PageVariantChanges {
  const screen = entry && firstScreenOf(entry);
  return {
    headline: screen?.headline ?? null,
    subheadline: screen?.lead ?? null,
    buttonLabel: screen?.cta ?? null,
    leadTariff: entry?.course.tariffs[0]?.name ?? null,
  };
}
