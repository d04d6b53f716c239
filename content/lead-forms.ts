/**
 * Every form id the server accepts on `POST /api/getcourse/orders` (an unknown id is a 400 on
 * `form.id`), and how the server delivers that form's leads to GetCourse. The browser only ever sends
 * the id: where a lead goes is decided here, on the server, so a visitor cannot redirect it.
 *
 * Each feature adds its own forms' entries (course pages, gift offers `gift-N`, pop-ups).
 */
import { giftLeadForms } from './gift-offers';
import { pageLeadForms } from './page-lead-forms';
import { popupLeadForms } from './popup-lead-forms';
import { assertUnique } from './shared/schema';

export type LeadEvent = 'lead' | 'application' | 'auto_purchase';

/**
 * How a lead of this form reaches GetCourse.
 * - `deal`: the outbox worker imports a deal (`/pl/api/deals`) under the lead's deal number;
 *   `productTitle` (default: the product name) or `offerCode` names what the deal is for.
 * - `browser`: a native form; the visitor's browser posts it to GetCourse itself, we only keep the record.
 */
export type LeadDelivery = DealDelivery | { kind: 'browser' };

export interface DealDelivery {
  kind: 'deal';
  productTitle?: string;
  offerCode?: string;
}

export interface LeadFormEntry {
  id: string;
  /** The analytics `product_name` (spec 7) and, unless the delivery names one, the deal's product. */
  productName: string;
  event: LeadEvent;
  delivery: LeadDelivery;
}

/**
 * Version of the consent line shown under every form (spec 5: pressing submit is the consent). Stored
 * with each lead so the school can show which wording a visitor agreed to; change it with the wording.
 */
export const CONSENT_TEXT_VERSION = '2026-01';

export const leadForms: readonly LeadFormEntry[] = [
  // The reusable contact form (spec 2.8) and the consultation popover (spec 2.6).
  { id: 'contact', productName: 'contact', event: 'lead', delivery: { kind: 'deal', productTitle: 'Заявка с сайта' } },
  // The generic modal form (spec 2.8), counted apart from the contact block in analytics.
  { id: 'contact-modal', productName: 'contact', event: 'lead', delivery: { kind: 'deal', productTitle: 'Заявка с сайта' } },
  {
    id: 'consultation',
    productName: 'consultation',
    event: 'lead',
    delivery: { kind: 'deal', productTitle: 'Консультация' },
  },
  // The 13 gift offers, `gift-1` … `gift-13` (spec 2.5).
  ...giftLeadForms(),
  // Course pages and their variants, events, welcome pages (`course-*`, `event-*`, `page-*`).
  ...pageLeadForms(),
  // The lead-form pop-ups (spec 2.4).
  ...popupLeadForms(),
];

assertUnique({ file: 'content/lead-forms.ts', kind: 'форма заявки' }, 'id', leadForms.map((form) => form.id));
const formsById = new Map(leadForms.map((form) => [form.id, form]));

export function findLeadForm(id: string): LeadFormEntry | undefined {
  return formsById.get(id);
}
