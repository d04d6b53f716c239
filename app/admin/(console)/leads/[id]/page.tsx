import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { DealHistory } from '@/features/admin/deal-history';
import { LeadAlerts } from '@/features/admin/lead-alerts';
import { LeadDetails } from '@/features/admin/lead-details';
import { ui } from '@/features/admin/ui';
import { requireOperator } from '@/server/admin/session';

export const metadata: Metadata = { title: 'Заявка' };

export default async function LeadPage({ params }: { params: Promise<{ id: string }> }) {
  const { runtime } = await requireOperator();
  const { id } = await params;
  const leadId = /^\d{1,12}$/.test(id) ? Number(id) : null;
  const lead = leadId === null ? undefined : await runtime.repos.leads.findLead(leadId);
  if (!lead) notFound();
  const [deliveries, alerts, deal] = await Promise.all([runtime.repos.deliveryQueue.findForLead(lead.id), runtime.repos.alertQueue.forLead(lead.id), runtime.repos.deals.forLead(lead.id)]);
  return (
    <>
      <p className="mb-2">
        <Link href="/admin/leads" className={ui.link}>
          ← Все заявки
        </Link>
      </p>
      <h1 className={ui.h1}>Заявка №{lead.id}</h1>
      <DealHistory found={deal} />
      <LeadDetails lead={lead} deliveries={deliveries} />
      <LeadAlerts alerts={alerts} />
    </>
  );
}
