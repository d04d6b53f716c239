import { pageTypeName } from '@/content/names';
import { BarChart } from '@/components/console/bar-chart';
import { DateRangeFields } from '@/components/console/date-range-fields';
import { SuspiciousTraffic } from '@/components/console/suspicious-traffic';
import { figureColumns, TableHead } from '@/components/console/table-head';
import { ui } from '@/components/console/ui';
import { DEVICE_CLASSES, VITAL_NAMES } from '@/lib/vitals/metrics';
import { DAILY_CAPS, NETWORK_DAILY_CAPS } from '@/server/traffic/caps';
import type { Speed } from './load';
import { deviceLabels, formatVital, metricLabels, MIN_NETWORKS, MIN_SAMPLES } from './vitals-figures';
import { PageTypeName, TargetsTable, thresholdsNote, VitalFigure, VitalsTable } from './vitals-report';

const chartValue = (metric: string, p75: number | null) =>
  p75 === null ? 0 : metric === 'CLS' ? Math.round(p75 * 1000) / 1000 : metric === 'INP' ? Math.round(p75) : Math.round(p75 / 10) / 100;
const chartUnit = (metric: string) => (metric === 'CLS' ? '' : metric === 'INP' ? ', мс' : ', с');
const shortDay = (day: string) => day.split('-').reverse().slice(0, 2).join('.');

/**
 * «Скорость сайта»: how fast the pages are on visitors' own devices, from their browsers' reports
 * (features/analytics): p75 per page type and device, the daily trend, what makes the slow page types
 * slow, and what the pop-ups cost.
 */
export function SpeedPage({ query, table, trend, targets, effect, reports, byConnection, traffic }: Speed) {
  return (
    <>
      <h1 className={ui.h1}>Скорость сайта</h1>
      <p className="mb-4 max-w-3xl text-sm">
        Как быстро страницы работают у настоящих посетителей — по замерам их собственных браузеров, а не по лабораторному Lighthouse. Показан 75-й перцентиль
        (p75), как в отчётах Google: у трёх из четырёх просмотров не хуже. Цвет — по порогам Google ({thresholdsNote()}); при числе замеров меньше {MIN_SAMPLES}{' '}
        цвета нет: «мало данных». Если замеры пришли меньше чем из {MIN_NETWORKS} разных сетей (сеть — провайдер, офис или дом: адреса, которые почти всегда у
        одного владельца), цвета тоже нет: «мало сетей» — столько может прислать один человек или бот, и по ним о скорости не судят. Дни — по Москве; замеры
        хранятся 90 дней. С одного адреса за день учитываются не больше {DAILY_CAPS.vitalsReport} отчётов о каждом типе страниц, из одной сети — не больше{' '}
        {NETWORK_DAILY_CAPS.vitalsReport}.
      </p>
      <form method="get" className="mb-4 flex flex-wrap items-end gap-3" aria-label="Что показать">
        <DateRangeFields from={query.fromDay} to={query.toDay} />
        <ChoiceField label="Устройство" name="device" value={query.device ?? ''} anyLabel="Все" values={DEVICE_CLASSES} labels={deviceLabels} />
        <ChoiceField label="Показатель на графике" name="trend" value={query.trend} values={VITAL_NAMES} labels={metricLabels} />
        <button type="submit" className={ui.primaryButton}>
          Показать
        </button>
      </form>
      {table.length === 0 ? (
        <p>За этот период замеров нет.</p>
      ) : (
        <>
          <h2 className={ui.h2}>По типам страниц</h2>
          <VitalsTable rows={table} />
          <h2 className={ui.h2}>По дням: {metricLabels[query.trend]}</h2>
          <BarChart
            data={{
              labels: trend.days.map(shortDay),
              series: [{ key: `p75 ${query.trend}${chartUnit(query.trend)}`, values: trend.p75.map((p75) => chartValue(query.trend, p75)) }],
            }}
            stacked={false}
            label={`p75 ${query.trend} по дням с ${query.fromDay} по ${query.toDay}`}
            caption={`p75 ${query.trend} по дням${chartUnit(query.trend)} (день без замеров — пустой)`}
          />
          <table className={`${ui.table} mb-6 max-w-xl`}>
            <caption className="sr-only">p75 {query.trend} по дням</caption>
            <TableHead columns={['День', ...figureColumns(`p75: ${metricLabels[query.trend]}`, 'Просмотров с замером')]} />
            <tbody>
              {trend.days.map((day, index) =>
                trend.samples[index] === 0 ? null : (
                  <tr key={day}>
                    <td>{shortDay(day)}</td>
                    <td className="text-right">{formatVital(query.trend, trend.p75[index] ?? null)}</td>
                    <td className="text-right">{trend.samples[index]}</td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
          <h2 className={ui.h2}>Что замедляет медленные страницы</h2>
          {targets.length === 0 ? (
            <p className="mb-4 text-sm">Медленных типов страниц нет (или по ним пока мало данных).</p>
          ) : (
            targets.map(({ pageType, lcp, inp }) => (
              <section key={pageType} aria-label={`Тип страницы ${pageType}`}>
                <h3 className="mb-1 mt-4 font-semibold">
                  <PageTypeName pageType={pageType} />
                </h3>
                <TargetsTable metric="LCP" targets={lcp} />
                <TargetsTable metric="INP" targets={inp} />
              </section>
            ))
          )}
          <h2 className={ui.h2}>Поп-апы и скорость</h2>
          <table className={`${ui.table} mb-6 max-w-xl`}>
            <caption className="sr-only">CLS и INP с поп-апом и без</caption>
            <TableHead columns={['Показатель', ...figureColumns('Без поп-апа', 'С поп-апом')]} />
            <tbody>
              {effect.map((row) => (
                <tr key={row.metric}>
                  <td>{metricLabels[row.metric]}</td>
                  <td className="text-right">
                    <VitalFigure name={row.metric} cell={row.without} />
                  </td>
                  <td className="text-right">
                    <VitalFigure name={row.metric} cell={row.with} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mb-4 text-sm">
            Тип соединения у посетителей (доля отчётов браузеров за период):{' '}
            {[...byConnection.entries()]
              .sort((a, b) => b[1] - a[1])
              .map(([connection, count]) => `${connection === 'unknown' ? 'неизвестен' : connection} — ${Math.round((count / Math.max(1, reports)) * 100)} %`)
              .join(', ')}
            .
          </p>
        </>
      )}
      <SuspiciousTraffic rows={traffic} subject="Тип страницы" what="отчёты о скорости" nameOf={pageTypeName} />
    </>
  );
}

/** A choice of the form, one option a value; `anyLabel` names a first option that leaves the choice open. */
function ChoiceField<Value extends string>(props: {
  label: string;
  name: string;
  value: string;
  anyLabel?: string;
  values: readonly Value[];
  labels: Record<Value, string>;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      {props.label}
      <select name={props.name} defaultValue={props.value} className={ui.input}>
        {props.anyLabel && <option value="">{props.anyLabel}</option>}
        {props.values.map((value) => (
          <option key={value} value={value}>
            {props.labels[value]}
          </option>
        ))}
      </select>
    </label>
  );
}
