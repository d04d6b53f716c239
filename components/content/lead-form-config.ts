import type { FormSettings } from '@/content/shared/schema';
import type { AjaxFormConfig } from '@/lib/leads/form-config';

/** A content page's form settings as the shared LeadForm takes them: an ajax form through our API. */
export function pageFormConfig(form: FormSettings): AjaxFormConfig {
  return {
    formType: 'ajax',
    formId: form.formId,
    submitAnalyticsEvent: { event: form.event, product_name: form.productName, id_form: form.formId },
  };
}

/** What every page that carries a lead form hands to its slot (app/(site)/lead-form-slot.tsx). */
export interface LeadFormSlotProps {
  heading: string;
  description: string;
  config: AjaxFormConfig;
  /** The page variant (route parameter `variantId`), sent with the lead. */
  variantId?: string;
  /** Which block the form is in, sent with the lead (a page test's variant: `page-test:<test>:<letter>`). */
  blockId?: string;
}
