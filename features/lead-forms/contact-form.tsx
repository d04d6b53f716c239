'use client';

import { FormSuccess } from '@/components/lead-form/form-success';
import { LeadForm } from '@/components/lead-form/lead-form';
import type { LeadFormConfig } from '@/lib/leads/form-config';
import type { LeadFormValues } from '@/lib/validation/lead';

export interface ContactFormProps {
  config: LeadFormConfig;
  submitLabel: string;
  successTitle: string;
  successDescription: string;
  variantId?: string;
  blockId?: string;
  /** What the visitor typed into the placeholder fields while this chunk loaded, and where they were. */
  defaultValues?: Partial<LeadFormValues>;
  initialFocus?: keyof LeadFormValues;
}

/** The contact form (loaded lazily by `LazyContactForm`). */
export default function ContactForm({ successTitle, successDescription, ...props }: ContactFormProps) {
  return (
    <LeadForm
      {...props}
      success={({ showForm }) => (
        <FormSuccess title={successTitle} description={successDescription}>
          <button type="button" onClick={showForm} className="mt-2 text-sm font-medium text-brand-700 underline underline-offset-2">
            Отправить ещё одну заявку
          </button>
        </FormSuccess>
      )}
    />
  );
}
