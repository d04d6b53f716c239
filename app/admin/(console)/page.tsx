import type { Metadata } from 'next';
import { BarChart } from '@/features/admin/bar-chart';
import { AlertHealthNotice } from '@/features/admin/alert-health';
import { CountsTable, DeliveryHealthPanel } from '@/features/admin/overview';
import { PaymentsHealthPanel } from '@/features/admin/payments-health';
import { ui } from '@/features/admin/ui';
import { requireOperator } from '@/server/admin/session';

export const metadata: Metadata = { title: 'Обзор' };

export default async function OverviewPage() {
  const { runtime, now } = await requireOperator();
  const { leads, deliveryQueue, alertQueue, dealUnmatchedCallbacks, dealReconciliation } = runtime.repos;
  const [daily, byForm, bySource, health] = await Promise.all([leads.perDay(now), leads.counts('form', now), leads.counts('utm_source', now), deliveryQueue.health(now)]);
  const [unmatched, reconciliation, alerts] = await Promise.all([dealUnmatchedCallbacks.count(), dealReconciliation.state(), alertQueue.health()]);
  return (
    <>
      <h1 className={ui.h1}>Обзор</h1>
      <DeliveryHealthPanel health={health} getCourseConfigured={runtime.config.getCourse !== null} />
      <AlertHealthNotice health={alerts} />
      <PaymentsHealthPanel unmatched={unmatched} reconciliation={reconciliation} />
      <h2 className={ui.h2}>Заявки (без спама, дни по Москве)</h2>
      <BarChart
        data={{ labels: daily.days, series: daily.series.map((series) => ({ key: series.key, values: series.counts })) }}
        stacked
        label={`Заявки по дням за 30 дней по формам, всего ${daily.series.reduce((sum, series) => sum + series.counts.reduce((a, b) => a + b, 0), 0)}`}
        caption="Заявки по дням за 30 дней (по Москве), по формам; спам не учтён"
      />
      <div className="flex flex-col gap-6">
        <CountsTable caption="По формам" keyTitle="Форма" rows={byForm} empty="За 30 дней заявок не было." />
        <CountsTable caption="По источникам (utm_source)" keyTitle="utm_source" rows={bySource} empty="За 30 дней заявок не было." />
      </div>
    </>
  );
}
