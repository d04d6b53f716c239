import { notFound } from 'next/navigation';
import { getEvent, publishedEvents } from '@/content/events';
import { EventPageView } from '@/features/content-pages/event-page';
import { eventMetadata } from '@/features/content-pages/metadata';
import { withParams } from '@/lib/route-params';
import { LeadFormSlot } from '../../lead-form-slot';

/** /events/{slug}; the gift promotion /events/new-year-2425 has its own folder, which takes precedence. */
type Params = { slug: string };

// Not only the built ones: an address the console published since renders on demand (the page finds it in
// the live state, content/live/state.ts) and any other is the page's own 404.
export const dynamicParams = true;

/** The events published on the day of the build: a scheduled one is a 404 until a build on its day. */
export function generateStaticParams(): Params[] {
  return publishedEvents().map((event) => ({ slug: event.slug }));
}

const eventAt = ({ slug }: Params) => getEvent(slug) ?? notFound();

export const generateMetadata = withParams((params: Params) => eventMetadata(eventAt(params)));

const EventPage = withParams((params: Params) => <EventPageView event={eventAt(params)} LeadFormSlot={LeadFormSlot} />);
export default EventPage;
