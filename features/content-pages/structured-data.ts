import type { Event, SaleEvent, WithContext } from 'schema-dts';
import { rubOffer, schoolRef } from '@/components/content/structured-data';
import type { SchoolEvent } from '@/content/events';
import type { GiftOffer } from '@/content/gift-offers';
import { giftPromotion } from '@/content/gift-promotion';
import { site } from '@/content/site';
import { absoluteUrl } from '@/lib/json-ld';
import { typography } from '@/lib/typography';

/** Every event of the school happens online: in the browser, in a chat or on a stream. */
const online = {
  eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
  eventStatus: 'https://schema.org/EventScheduled',
} as const;

/** An event page for search engines: its dates when it has them, otherwise a daily schedule (open any day). */
export function eventJsonLd(event: SchoolEvent): WithContext<Event> {
  const url = absoluteUrl(site.url, `/events/${event.slug}`);
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: typography(event.title),
    description: typography(event.summary),
    url,
    image: absoluteUrl(site.url, event.image.src),
    ...online,
    location: { '@type': 'VirtualLocation', url },
    organizer: schoolRef,
    ...(event.dates
      ? { startDate: event.dates.start, endDate: event.dates.end }
      : { eventSchedule: { '@type': 'Schedule', repeatFrequency: 'P1D', scheduleTimezone: 'Europe/Moscow' } }),
  };
}

/**
 * The gift promotion: a sale with the 13 offers at the prices its page lists. Its windows live in the
 * database and change without a build, so the static page gives no dates.
 */
export function giftPromotionJsonLd(offers: readonly GiftOffer[]): WithContext<SaleEvent> {
  const url = absoluteUrl(site.url, giftPromotion.path);
  return {
    '@context': 'https://schema.org',
    '@type': 'SaleEvent',
    name: typography(giftPromotion.metaTitle),
    description: typography(giftPromotion.description),
    url,
    image: absoluteUrl(site.url, giftPromotion.ogImage),
    ...online,
    location: { '@type': 'VirtualLocation', url },
    organizer: schoolRef,
    offers: offers.map((offer) => rubOffer({ name: offer.name, price: offer.price, monthly: offer.isMonthlyPayment, url })),
  };
}
