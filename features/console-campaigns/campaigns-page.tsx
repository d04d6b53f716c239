import { BarChart } from '@/components/console/bar-chart';
import { DateRangeFields } from '@/components/console/date-range-fields';
import { ui } from '@/components/console/ui';
import { funnelKeyName } from '@/content/names';
import { funnelGroupingLabels, funnelGroupings, funnelPeriodLabels, funnelPeriods, funnelSearch } from '@/lib/funnel';
import { FunnelTable } from './funnel-table';
import type { Campaigns } from './load';

/** The funnel per campaign (or source, landing, pop-up, form): leads → paid deals → revenue. */
export function CampaignsPage({ query, rows, collectionNames }: Campaigns) {
  const charted = rows.filter((row) => row.revenueKopecks > 0).slice(0, 12);
  return (
    <>
      <h1 className={ui.h1}>Кампании: от заявки до оплаты</h1>
      <form method="get" className="mb-4 flex flex-wrap items-end gap-3" aria-label="Что показать">
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor="funnel-period">Период</label>
          <select id="funnel-period" name="period" defaultValue={query.period} className={ui.input}>
            {funnelPeriods.map((period) => (
              <option key={period} value={period}>
                {funnelPeriodLabels[period]}
              </option>
            ))}
          </select>
        </div>
        <DateRangeFields from={query.fromDay} to={query.toDay} fromLabel="С даты (для своих дат)" />
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor="funnel-by">Группировать по</label>
          <select id="funnel-by" name="by" defaultValue={query.by} className={ui.input}>
            {funnelGroupings.map((by) => (
              <option key={by} value={by}>
                {funnelGroupingLabels[by]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={ui.primaryButton}>
          Показать
        </button>
        <a href={`/api/admin/campaigns/export?${funnelSearch(query)}`} className={ui.button} download>
          Скачать CSV
        </a>
      </form>
      <p className="mb-4 max-w-3xl text-sm">
        Заявки, оставленные с {query.fromDay.split('-').reverse().join('.')} по {query.toDay.split('-').reverse().join('.')} (по Москве), и их сделки в
        GetCourse: оплаченные полностью и, отдельно, частично оплаченные (оплачено меньше стоимости сделки); возвраты — сделки, деньги по которым вернули или
        вернут, — отдельно, их деньги не входят в выручку; конверсия заявки в оплату — по полностью оплаченным; выручка — сколько оплачено по оплаченным и
        частично оплаченным сделкам. Заявки без метки собраны в строке «без метки».
      </p>
      {rows.length === 0 ? (
        <p>За этот период заявок нет.</p>
      ) : (
        <>
          {charted.length > 0 && (
            <BarChart
              data={{
                labels: charted.map((row) => funnelKeyName(query.by, row.key, collectionNames)),
                series: [{ key: 'Выручка, ₽', values: charted.map((row) => Math.round(row.revenueKopecks / 100)) }],
              }}
              stacked={false}
              label={`Выручка по группам «${funnelGroupingLabels[query.by]}», ₽`}
              caption="Выручка, ₽ (больше — выше в таблице)"
            />
          )}
          <FunnelTable rows={rows} by={query.by} collectionNames={collectionNames} />
        </>
      )}
    </>
  );
}
