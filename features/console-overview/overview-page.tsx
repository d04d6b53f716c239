import { formName } from '@/content/names';
import { BarChart } from '@/components/console/bar-chart';
import { ui } from '@/components/console/ui';
import { AlertHealthNotice } from './alert-health';
import type { Overview } from './load';
import { CountsTable, DeliveryHealthPanel } from './overview';
import { leadsListHref } from './overview-links';
import { PaymentsHealthPanel } from './payments-health';

export function OverviewPage({ daily, byForm, bySource, delivery, withheld, getCourseConfigured, alerts, unmatched, refused, reconciliation, now }: Overview) {
  return (
    <>
      <h1 className={ui.h1}>Обзор</h1>
      <DeliveryHealthPanel health={delivery} withheld={withheld} getCourseConfigured={getCourseConfigured} />
      <AlertHealthNotice health={alerts} />
      <PaymentsHealthPanel unmatched={unmatched} refused={refused} reconciliation={reconciliation} />
      <h2 className={ui.h2}>Заявки (без спама, дни по Москве)</h2>
      <BarChart
        data={{ labels: daily.days, series: daily.series.map((series) => ({ key: formName(series.key), values: series.counts })) }}
        stacked
        label={`Заявки по дням за 30 дней по формам, всего ${daily.series.reduce((sum, series) => sum + series.counts.reduce((a, b) => a + b, 0), 0)}`}
        caption="Заявки по дням за 30 дней (по Москве), по формам; спам и «Похоже на спам» не учтены"
      />
      <div className="flex flex-col gap-6">
        <CountsTable
          caption="По формам"
          keyTitle="Форма"
          rows={byForm}
          empty="За 30 дней заявок не было."
          nameOf={formName}
          hrefOf={(form, period) => leadsListHref({ form }, period, now)}
        />
        <CountsTable
          caption="По источникам (utm_source)"
          keyTitle="utm_source"
          rows={bySource}
          empty="За 30 дней заявок не было."
          // Leads with no source: the list has no filter for «none», so that row's figures stay plain.
          hrefOf={(source, period) => (source === '' ? null : leadsListHref({ utm_source: source }, period, now))}
        />
      </div>
    </>
  );
}
