import type { Metadata } from 'next';
import type { CoursePageEntry } from '@/content/courses';
import { pageMetadata } from '@/lib/page-metadata';

/** A variant is a copy of its base page for one traffic source: noindex, canonical to the base. */
export function courseMetadata({ path, course, variant }: CoursePageEntry): Metadata {
  return pageMetadata({
    title: course.title,
    description: course.summary,
    path,
    canonicalPath: course.path,
    noindex: variant !== undefined,
    image: { src: `/images/og/courses/${course.slug}.png`, alt: course.title },
  });
}
