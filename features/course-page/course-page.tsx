import type { ComponentType } from 'react';
import { JsonLd } from '@/components/content/json-ld';
import { faqPage } from '@/components/content/structured-data';
import { type LeadFormSlotProps, pageFormConfig } from '@/components/content/lead-form-config';
import type { CoursePageEntry } from '@/content/courses';
import { COUNTED_PAGE_META_NAME } from '@/lib/page-views';
import { popupMarkerMetaName } from '@/lib/popups/marker';
import { AudienceSection } from './audience-section';
import { FaqSection } from './faq-section';
import { CourseHero } from './hero';
import { OutcomesSection } from './outcomes-section';
import { ProgramSection } from './program-section';
import type { PageVariant } from './page-variant';
import { courseJsonLd } from './structured-data';
import { TariffsSection } from './tariffs-section';

/**
 * A course page, base or variant: the same sections either way; a variant differs in the form settings
 * (form id, variant id, lead-form texts) it hands to the lead-form slot and, for a campaign landing,
 * in the first screen.
 */
export function CoursePage({
  entry,
  LeadFormSlot,
  pageVariant,
}: {
  entry: CoursePageEntry;
  LeadFormSlot: ComponentType<LeadFormSlotProps>;
  /** A page test's variant, served at the page's own address (same canonical link, same structured data). */
  pageVariant?: PageVariant;
}) {
  const { course } = entry;
  return (
    <>
      {/* React hoists it into <head>; the pop-up host picks its pop-up by it (content/popups.ts pageMarker). */}
      {entry.variant?.popupMarker && <meta name={popupMarkerMetaName} content={entry.variant.popupMarker} />}
      {/* The lazy analytics send one view of the page by it (features/analytics/page-view.ts): the autopilot's figures. */}
      <meta name={COUNTED_PAGE_META_NAME} content={entry.path} />
      <JsonLd data={courseJsonLd(course)} />
      <JsonLd data={faqPage(course.faq)} />
      <CourseHero entry={entry} pageVariant={pageVariant} />
      <AudienceSection course={course} />
      <ProgramSection course={course} />
      <OutcomesSection course={course} />
      <TariffsSection course={course} leadTariff={pageVariant?.leadTariff} />
      <FaqSection course={course} />
      <LeadFormSlot
        heading={entry.leadForm.heading}
        description={entry.leadForm.description}
        config={pageFormConfig(entry.form)}
        variantId={entry.variant?.id}
        blockId={pageVariant?.blockId}
      />
    </>
  );
}
