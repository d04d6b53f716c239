import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { EventPageView } from '@/features/content-pages/event-page';
import { loadVersionPreview } from '@/features/console-articles/load';
import { VersionPreviewFrame } from '@/features/console-articles/version-preview';
import { LeadFormSlot } from '@/app/(site)/lead-form-slot';

export const metadata: Metadata = { title: 'Событие как на сайте', robots: { index: false } };

/** A saved version of an event as a visitor would see its page (console-articles loads it, content-pages renders it). */
export default async function Page({ params }: { params: Promise<{ slug: string; id: string }> }) {
  const { slug, id } = await params;
  const preview = /^\d{1,12}$/.test(id) ? await loadVersionPreview('event', slug, Number(id)) : undefined;
  if (!preview) notFound();
  return (
    <VersionPreviewFrame kind="event" slug={slug} version={Number(id)} problems={'problems' in preview ? preview.problems : []}>
      {'kind' in preview && preview.kind === 'event' && <EventPageView event={preview.event} LeadFormSlot={LeadFormSlot} />}
    </VersionPreviewFrame>
  );
}
