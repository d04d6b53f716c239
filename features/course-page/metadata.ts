import type { Metadata } from 'next';
import type { CoursePageEntry } from '@/content/courses';
import { pageMetadata } from '@/lib/page-metadata';

/**
 * A variant is a copy of its base page for one traffic source (a pop-up, an ad, the secret gift page).
 * It is noindex and names no canonical. We keep noindex rather than a canonical to the base page because
 * a canonical is only a hint: a search engine may still index the copy, and the secret gift page and
 * the campaign copies must never show up in search. Only the base page is in the sitemap.
 */
export function courseMetadata({ path, course, variant }: CoursePageEntry): Metadata {
  return pageMetadata({
    title: course.title,
    description: course.summary,
    path,
    noindex: variant !== undefined,
    image: { src: `/images/og/courses/${course.slug}.png`, alt: course.title },
  });
}
