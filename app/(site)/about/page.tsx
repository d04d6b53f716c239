import type { Metadata } from 'next';
import { aboutInfoPage } from '@/content/pages';
import { InfoPageView } from '@/features/content-pages/info-page';
import { infoPageMetadata } from '@/features/content-pages/metadata';
import { ModalFormCallout } from '@/features/lead-forms/modal-form-callout';
import { LeadFormSlot } from '../lead-form-slot';

export const metadata: Metadata = infoPageMetadata(aboutInfoPage);

export default function AboutPage() {
  return (
    <>
      <InfoPageView page={aboutInfoPage} LeadFormSlot={LeadFormSlot} />
      <ModalFormCallout />
    </>
  );
}
