import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { events, getEvent } from '@/content/events';
import { EventPageView } from '@/features/content-pages/event-page';
import { eventMetadata } from '@/features/content-pages/metadata';
import { LeadFormSlot } from '../../lead-form-slot';

/** /events/{slug}; the gift promotion /events/new-year-2425 has its own folder, which takes precedence. */
type Props = { params: Promise<{ slug: string }> };

export const dynamicParams = false;

export function generateStaticParams() {
  return events.map((event) => ({ slug: event.slug }));
}

async function eventOf({ params }: Props) {
  const { slug } = await params;
  return getEvent(slug) ?? notFound();
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  return eventMetadata(await eventOf(props));
}

export default async function EventPage(props: Props) {
  return <EventPageView event={await eventOf(props)} LeadFormSlot={LeadFormSlot} />;
}
