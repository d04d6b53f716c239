import { coursePriceLabel } from './course-price';
import type { CoursePageEntry } from '@/content/courses';

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
