/**
 * A stored lead as its alert shows it: the form and course in Russian from the form registry (never an
 * internal id), the contacts, page and UTM values.
 */
import { giftOffers } from '@/content/gift-offers';
import { findLeadForm } from '@/content/lead-forms';
import type { StoredLead } from '../repositories/leads';
import type { AlertLead } from './message';

const formKinds: [prefix: string, title: string][] = [
  ['contact', 'Контактная форма'],
  ['consultation', 'Консультация'],
  ['gift-', 'Подарок'],
  ['popup-', 'Поп-ап'],
  ['course-', 'Страница курса'],
  ['event-', 'Мероприятие'],
  ['page-', 'Страница сайта'],
];

export function formTitle(formId: string): string {
  return formKinds.find(([prefix]) => formId.startsWith(prefix))?.[1] ?? 'Форма на сайте';
}

export function courseTitle(formId: string, productName: string): string {
  const form = findLeadForm(formId);
  if (form?.delivery.kind === 'deal' && form.delivery.productTitle) return form.delivery.productTitle;
  const gift = giftOffers.find((offer) => offer.formConfig.formId === formId);
  if (gift) return gift.name.replace(/\u00a0/g, ' ');
  return productName;
}

export function alertLead(lead: StoredLead): AlertLead {
  return {
    id: lead.id,
    createdAt: lead.createdAt,
    formTitle: formTitle(lead.formId),
    courseTitle: courseTitle(lead.formId, lead.productName),
    name: lead.name,
    phone: lead.phone,
    email: lead.email,
    pagePath: lead.pagePath,
    utm: lead.utm,
  };
}
