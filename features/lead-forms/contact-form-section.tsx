import type { LeadFormConfig } from '@/lib/leads/form-config';
import { contactFormConfig, contactFormTexts } from './forms';
import { LazyContactForm } from './lazy-contact-form';

export interface ContactFormSectionProps {
  title?: string;
  description?: string;
  submitLabel?: string;
  successTitle?: string;
  successDescription?: string;
  config?: LeadFormConfig;
  /** The page variant (route parameter `variantId`), sent with the lead. */
  variantId?: string;
  /** Which block of the page the form is in, sent with the lead. */
  blockId?: string;
}

/**
 * The contact form block of a product page (spec 2.8): the heading and text render on the server, the
 * form itself loads as the block nears the viewport. Put it inside the page's `<section id="lead-form">`.
 */
export function ContactFormSection({
  title = contactFormTexts.title,
  description = contactFormTexts.description,
  submitLabel = contactFormTexts.submitLabel,
  successTitle = contactFormTexts.successTitle,
  successDescription = contactFormTexts.successDescription,
  config = contactFormConfig,
  variantId,
  blockId = 'lead-form',
}: ContactFormSectionProps) {
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-16 md:grid-cols-2 md:items-start">
      <div className="grid gap-3">
        <h2 className="text-3xl font-bold">{title}</h2>
        <p className="text-lg text-gray-600">{description}</p>
      </div>
      <div className="rounded-2xl border border-gray-100 bg-white p-6 shadow-sm sm:p-8">
        <LazyContactForm
          config={config}
          submitLabel={submitLabel}
          successTitle={successTitle}
          successDescription={successDescription}
          variantId={variantId}
          blockId={blockId}
        />
      </div>
    </div>
  );
}
