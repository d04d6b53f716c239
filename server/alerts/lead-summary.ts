/**
 * A stored lead as its alert shows it: the form and what it is for in Russian, by the one naming of
 * content/names.ts (never an internal id), the contacts, page and UTM values.
 */
import { formNameParts } from '@/content/names';
import type { StoredLead } from '../repositories/leads';
import type { AlertLead } from './message';

export function alertLead(lead: StoredLead): AlertLead {
  const { kind, subject } = formNameParts(lead.formId);
  return {
    id: lead.id,
    createdAt: lead.createdAt,
    formTitle: kind,
    courseTitle: subject,
    name: lead.name,
    phone: lead.phone,
    email: lead.email,
    pagePath: lead.pagePath,
    utm: lead.utm,
  };
}
