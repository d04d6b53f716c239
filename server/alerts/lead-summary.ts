/**
 * A stored lead as its alert shows it: the form and what it is for in Russian, and the page, by the one
 * naming of content/names.ts (never an internal id or a secret address), the contacts and UTM values.
 */
import { formNameParts, pageLabel, type CollectionPageNames } from '@/content/names';
import type { StoredLead } from '../repositories/leads';
import type { AlertLead } from './message';

/** `collection`: the names of the articles' and stories' pages (server/site-pages.ts). */
export function alertLead(lead: StoredLead, collection?: CollectionPageNames): AlertLead {
  const { kind, subject } = formNameParts(lead.formId);
  return {
    id: lead.id,
    createdAt: lead.createdAt,
    formTitle: kind,
    courseTitle: subject,
    name: lead.name,
    phone: lead.phone,
    email: lead.email,
    page: lead.pagePath && pageLabel(lead.pagePath, collection),
    utm: lead.utm,
  };
}
