import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { LeadAlerts } from '@/features/console-alerts/lead-alerts';
import { loadLeadAlerts } from '@/features/console-alerts/load';
import { LeadPage } from '@/features/console-leads/lead-page';
import { loadLeadPage } from '@/features/console-leads/load';

export const metadata: Metadata = { title: 'Заявка' };

/** A lead (console-leads) and the managers' alerts of it (console-alerts). */
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const lead = /^\d{1,12}$/.test(id) ? await loadLeadPage(Number(id)) : undefined;
  if (!lead) notFound();
  const alerts = await loadLeadAlerts(lead.lead.id);
  return (
    <>
      <LeadPage {...lead} />
      <LeadAlerts {...alerts} />
    </>
  );
}
