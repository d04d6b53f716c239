import Link from 'next/link';
import { ui } from '@/components/console/ui';
import { DealHistory } from './deal-history';
import { FollowDeliveries } from './follow-deliveries';
import { LeadDetails } from './lead-details';
import { withheldText } from './lead-labels';
import { WithheldActions } from './withheld-actions';
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
      {lead.withheldSigns && lead.withheldSigns.length > 0 && (
        <section aria-labelledby="withheld-lead" className="mb-4 max-w-2xl rounded border border-amber-400 bg-amber-50 p-3 text-sm">
          <h2 id="withheld-lead" className="mb-1 font-semibold">
            {withheldText(lead.withheldSigns)}
          </h2>
          <p className="mb-3">Заявка сохранена, но задержана: в GetCourse и менеджерам она уйдёт, только если её выпустить.</p>
          <WithheldActions leadId={lead.id} />
        </section>
      )}
      <DealHistory found={deal} />
      <LeadDetails lead={lead} deliveries={deliveries} />
      <FollowDeliveries waiting={following} />
    </>
  );
}
