import type { Course as CourseThing, WithContext } from 'schema-dts';
import { rubOffer, schoolRef } from '@/components/content/structured-data';
import type { Course } from '@/content/courses';
import { weeklyStudyHours } from '@/content/courses/common';
import { site } from '@/content/site';
import { absoluteUrl } from '@/lib/json-ld';
import { typography } from '@/lib/typography';

/**
 * The course for search engines, from the entry the page renders: one offer a tariff, with the price
 * the tariff card shows (the instalment for monthly tariffs, with its number of months).
 */
export function courseJsonLd(course: Course): WithContext<CourseThing> {
  const url = absoluteUrl(site.url, course.path);
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    '@id': `${url}#course`,
    name: typography(course.title),
    description: typography(course.summary),
    url,
    image: absoluteUrl(site.url, course.image.src),
    inLanguage: 'ru',
    provider: schoolRef,
    offers: course.tariffs.map((tariff) => rubOffer({ ...tariff, url: `${url}#tariff-description` })),
    hasCourseInstance: {
      '@type': 'CourseInstance',
      // Every course of the school is taught online (site.description: an online school).
      courseMode: 'Online',
      inLanguage: 'ru',
      // Google's course rich result needs courseSchedule or courseWorkload: the weekly study time the FAQ names.
      courseSchedule: { '@type': 'Schedule', duration: `PT${weeklyStudyHours.to}H`, repeatFrequency: 'Weekly' },
    },
  };
}
