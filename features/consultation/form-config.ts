import type { AjaxFormConfig } from '@/lib/leads/form-config';

/**
 * The consultation popover's form: an ajax lead through our back end (its id is registered in
 * content/lead-forms.ts, which decides the delivery), pushing `lead` to the data layer on success.
 */
export const consultationFormConfig: AjaxFormConfig = {
  formType: 'ajax',
  formId: 'consultation',
  submitAnalyticsEvent: { event: 'lead', product_name: 'consultation', id_form: 'consultation' },
};
