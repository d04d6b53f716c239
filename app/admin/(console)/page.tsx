import type { Metadata } from 'next';
import { LeadsChart } from '@/features/admin/leads-chart';
import { CountsTable, DeliveryHealthPanel } from '@/features/admin/overview';
import { ui } from '@/features/admin/ui';
import { deliveryHealth } from '@/server/admin/delivery-health';
import { leadCounts, leadsPerDay } from '@/server/admin/overview';
import { requireOperator } from '@/server/admin/session';

export const metadata: Metadata = { title: 'Обзор' };

export default async function OverviewPage() {
  const { runtime } = await requireOperator();
  const [daily, byForm, bySource, health] = await Promise.all([
    leadsPerDay(runtime.database),
    leadCounts(runtime.database, 'form'),
    leadCounts(runtime.database, 'utm_source'),
    deliveryHealth(runtime.database),
  ]);
  return (
    <>
      <h1 className={ui.h1}>Обзор</h1>
      <DeliveryHealthPanel health={health} getCourseConfigured={runtime.config.getCourse !== null} />
      <h2 className={ui.h2}>Заявки (без спама, дни по Москве)</h2>
      <LeadsChart data={daily} />
      <div className="flex flex-col gap-6">
        <CountsTable caption="По формам" keyTitle="Форма" rows={byForm} empty="За 30 дней заявок не было." />
        <CountsTable caption="По источникам (utm_source)" keyTitle="utm_source" rows={bySource} empty="За 30 дней заявок не было." />
      </div>
    </>
  );
}
