import Link from 'next/link';
import { ui } from '@/components/console/ui';
import { DealHistory } from './deal-history';
import { FollowDeliveries } from './follow-deliveries';
import { LeadDetails } from './lead-details';
import type { LeadPageData } from './load';

/** A lead: its deal, its fields, its GetCourse deliveries. */
export function LeadPage({ lead, deliveries, deal, following }: LeadPageData) {
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
      <FollowDeliveries waiting={following} />
    </>
  );
}
