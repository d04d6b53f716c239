import type { LeadFormConfig } from '@/lib/leads/form-config';
import { contactFormTexts } from './forms';
import { withDefaults } from './with-defaults';
import { LazyContactForm } from './lazy-contact-form';

export interface ContactFormBlockProps {
  config: LeadFormConfig;
  /** The page variant (route parameter `variantId`), sent with the lead. */
  variantId?: string;
  /** Which block of the page the form is in, sent with the lead. */
  blockId?: string;
  submitLabel?: string;
  successTitle?: string;
  successDescription?: string;
}

const blockDefaults = {
  blockId: 'lead-form',
  submitLabel: contactFormTexts.submitLabel,
  successTitle: contactFormTexts.successTitle,
  successDescription: contactFormTexts.successDescription,
};

/**
 * The contact form of a page's `#lead-form` section, under the section's server-rendered
 * heading. Only a plain-HTML look-alike ships with the page; the form loads as it nears the viewport.
 */
export function ContactFormBlock(props: ContactFormBlockProps) {
  return (
    <div className="mx-auto -mt-6 max-w-6xl px-4 pb-16">
      <div className="max-w-xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-100 sm:p-8">
        <LazyContactForm {...withDefaults(props, blockDefaults)} />
      </div>
    </div>
  );
}
