import type { Metadata } from 'next';
import type { SchoolEvent } from '@/content/events';
import type { InfoPage } from '@/content/pages';
import { pageMetadata } from '@/lib/page-metadata';

export function infoPageMetadata(page: InfoPage): Metadata {
  return pageMetadata({ title: page.metaTitle ?? page.title, description: page.description, path: page.path });
}

export function eventMetadata(event: SchoolEvent): Metadata {
  return pageMetadata({
    title: event.title,
    description: event.summary,
    path: `/events/${event.slug}`,
    // The build draws a card for every event of the file; one the console wrote shares its cover.
    image: { src: event.image.src.startsWith('/api/') ? event.image.src : `/images/og/events/${event.slug}.png`, alt: event.title },
  });
}
