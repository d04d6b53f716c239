/**
 * Every form id the server accepts on `POST /api/leads` (an unknown id is a 400 on
 * `form.id`), and how the server delivers that form's leads to GetCourse. The browser only ever sends
 * the id: where a lead goes is decided here, on the server, so a visitor cannot redirect it.
 *
 * Each feature adds its own forms' entries (course pages, gift offers `gift-N`, pop-ups).
 */
import { giftLeadForms } from './gift-offers';
import { consoleEventLeadForm, pageLeadForms } from './page-lead-forms';
import { popupLeadForms } from './popup-lead-forms';
import type { LeadFormEntry } from './lead-form-entry';
import { assertUnique } from './shared/schema';

/**
 * Version of the consent line shown under every form (pressing submit is the consent). Stored
 * with each lead so the school can show which wording a visitor agreed to; change it with the wording.
 */
export const CONSENT_TEXT_VERSION = '2026-01';

export const leadForms: readonly LeadFormEntry[] = [
  // The reusable contact form and the consultation popover.
  { id: 'contact', productName: 'contact', event: 'lead', delivery: { kind: 'deal', productTitle: 'Заявка с сайта' } },
  // The generic modal form, counted apart from the contact block in analytics.
  { id: 'contact-modal', productName: 'contact', event: 'lead', delivery: { kind: 'deal', productTitle: 'Заявка с сайта' } },
  {
    id: 'consultation',
    productName: 'consultation',
    event: 'lead',
    delivery: { kind: 'deal', productTitle: 'Консультация' },
  },
  // The 13 gift offers, `gift-1` … `gift-13`.
  ...giftLeadForms(),
  // Course pages and their variants, events, welcome pages (`course-*`, `event-*`, `page-*`).
  ...pageLeadForms(),
  // The lead-form pop-ups.
  ...popupLeadForms(),
];

assertUnique(
  { file: 'content/lead-forms.ts', kind: 'форма заявки' },
  'id',
  leadForms.map((form) => form.id),
);
const formsById = new Map(leadForms.map((form) => [form.id, form]));

export function findLeadForm(id: string): LeadFormEntry | undefined {
  return formsById.get(id) ?? consoleEventLeadForm(id);
}
