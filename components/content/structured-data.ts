import type { EducationalOrganization, FAQPage, IdReference, Offer, WithContext } from 'schema-dts';
import { contacts, site } from '@/content/site';
import { absoluteUrl } from '@/lib/json-ld';
import { SITE_ICON_FILES } from '@/lib/site-icon';
import { typography } from '@/lib/typography';

/** The school's node id: courses and events name their provider by it instead of repeating the school. */
const schoolId = `${site.url}/#organization`;
export const schoolRef: IdReference = { '@id': schoolId };

/** The school with its contact point, from the same constants the footer and the forms show. */
export function schoolOrganization(): WithContext<EducationalOrganization> {
  const telephone = contacts.phone.href.replace(/^tel:/, '');
  return {
    '@context': 'https://schema.org',
    '@type': 'EducationalOrganization',
    '@id': schoolId,
    name: site.name,
    description: site.description,
    url: absoluteUrl(site.url, '/'),
    logo: absoluteUrl(site.url, SITE_ICON_FILES.svg),
    email: contacts.supportEmail,
    telephone,
    sameAs: [contacts.telegram],
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      telephone,
      email: contacts.supportEmail,
      availableLanguage: 'ru',
      areaServed: 'RU',
      // The spec gives the hours, not the days, so no dayOfWeek is claimed.
      hoursAvailable: { '@type': 'OpeningHoursSpecification', opens: `${contacts.workHours.opens}:00+03:00`, closes: `${contacts.workHours.closes}:00+03:00` },
    },
  };
}

/** Questions and answers as the FAQ list renders them (same typography), for FAQ rich results. */
export function faqPage(items: readonly { question: string; answer: string }[]): WithContext<FAQPage> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: typography(item.question),
      acceptedAnswer: { '@type': 'Answer', text: typography(item.answer) },
    })),
  };
}

/**
 * A price in roubles as the page shows it: a monthly price is the instalment, said so by a unit price
 * per month (UN/CEFACT "MON") over `months` payments when the page names their number.
 */
export function rubOffer(price: { name: string; price: number; monthly: boolean; months?: number; url: string }): Offer {
  return {
    '@type': 'Offer',
    name: typography(price.name),
    category: price.price === 0 ? 'Free' : 'Paid',
    price: price.price,
    priceCurrency: 'RUB',
    availability: 'https://schema.org/InStock',
    url: price.url,
    ...(price.monthly && {
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: price.price,
        priceCurrency: 'RUB',
        unitCode: 'MON',
        billingDuration: price.months,
      },
    }),
  };
}
