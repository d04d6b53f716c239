import type { LeadFormSlotProps } from '@/components/content/lead-form-config';
import { LeadFormIntro } from '@/components/content/lead-form-intro';
import { ContactFormBlock } from '@/features/lead-forms/contact-form-block';

/**
 * The lead-form section of every course, event and welcome page: `#lead-form`, where the pages' calls
 * to action point. It lives in app/ so that it may render a feature's form. The page's form settings
 * arrive as props: `config` (ajax form id and analytics event) and `variantId`.
 */
export function LeadFormSlot({ heading, description, config, variantId, blockId }: LeadFormSlotProps) {
  return (
    <section
      id="lead-form"
      className="scroll-mt-20 bg-brand-50"
      data-form-id={config.formId}
      data-product-name={config.submitAnalyticsEvent.product_name}
      data-variant-id={variantId}
    >
      <LeadFormIntro heading={heading} description={description} />
      <ContactFormBlock config={config} variantId={variantId} blockId={blockId} />
    </section>
  );
}
