import { coursePages } from './courses';
import { currentEvents, events } from './events';
import type { LeadFormEntry } from './lead-form-entry';
import { aboutInfoPage, welcomeInfoPages } from './pages';
import type { FormSettings } from './shared/schema';

/**
 * Registry entries (content/lead-forms.ts) for the forms of content pages: every course page and
 * variant, every event and the welcome pages that carry a form. Each lead becomes a GetCourse deal
 * named after the course or event it was left on.
 */
export function pageLeadForms(): LeadFormEntry[] {
  return [
    ...coursePages().map((page) => entry(page.form, page.course.title)),
    ...events.map((event) => entry(event.form, event.title)),
    ...[aboutInfoPage, ...welcomeInfoPages].flatMap((page) => (page.leadForm ? [entry(page.leadForm.form, page.title)] : [])),
  ];
}

/** The form of an event the console wrote since the release (content/events.ts `currentEvents`), by its id. */
export function consoleEventLeadForm(id: string): LeadFormEntry | undefined {
  const event = currentEvents().find((candidate) => candidate.form.formId === id);
  return event && entry(event.form, event.title);
}

function entry(form: FormSettings, productTitle: string): LeadFormEntry {
  return { id: form.formId, productName: form.productName, event: form.event, delivery: { kind: 'deal', productTitle } };
}
