import Link from 'next/link';
import { BarChart } from '@/components/console/bar-chart';
import { DateRangeFields } from '@/components/console/date-range-fields';
import { moscowTime } from '@/components/console/moscow-time';
import { SuspiciousTraffic } from '@/components/console/suspicious-traffic';
import { figureColumns, TableHead } from '@/components/console/table-head';
import { ui } from '@/components/console/ui';
import { formOf } from '@/lib/popups/edit-check';
import { DAILY_CAPS } from '@/server/traffic/caps';
import type { PopupsPageData } from './load';
import { conversionRate } from './popup-figures';

export function PopupsPage({ period, rows, traffic, chart, popups, testing }: PopupsPageData) {
  return (
    <>
      <h1 className={ui.h1}>Поп-апы</h1>
      <p className="mb-2 max-w-3xl text-sm">Откройте поп-ап, чтобы поменять его тексты, задержку, страницы и время показа или выключить его.</p>
      <table className={`${ui.table} mb-6`}>
        <caption className="sr-only">Поп-апы сайта</caption>
        <TableHead columns={['Поп-ап', 'Заголовок', 'Показ', ...figureColumns('Задержка, с'), 'Изменён']} />
        <tbody>
          {popups.map((popup) => (
            <tr key={popup.id}>
              <td>
                <Link href={`/admin/popups/${popup.id}`} className={ui.link}>
                  {popup.id}
                </Link>
              </td>
              <td>{formOf(popup.config).headline}</td>
              <td>{popup.config.enabled ? 'включён' : 'выключен'}{testing.includes(popup.id) ? ', идёт тест' : ''}</td>
              <td className="text-right">{popup.config.showDelayMs / 1000}</td>
              <td>{popup.version > 1 ? moscowTime(popup.updatedAt) : 'как в файле'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2 className={ui.h2}>Конверсия поп-апов</h2>
      <form method="get" className="mb-4 flex flex-wrap items-end gap-3" aria-label="Период">
        <DateRangeFields from={period.from} to={period.to} />
        <button type="submit" className={ui.primaryButton}>
          Показать
        </button>
      </form>
      <p className="mb-4 max-w-3xl text-sm">
        Конверсия — доля показов, после которых посетитель отправил форму или нажал кнопку поп-апа. Дни — по Москве. С одного адреса за день
        учитываются не больше {DAILY_CAPS.popupEvent} показов каждого поп-апа, а закрытий и завершений — не больше учтённых показов, и только на
        страницах, где поп-ап показывается.
      </p>
      {rows.length === 0 ? (
        <p>За этот период поп-апы не показывались.</p>
      ) : (
        <>
          <BarChart
            data={{ labels: chart.days.map((day) => day.split('-').reverse().slice(0, 2).join('.')), series: chart.series }}
            stacked={false}
            label={`Конверсия поп-апов по дням, %, с ${period.from} по ${period.to}`}
            caption="Конверсия по дням, % (завершения от показов)"
          />
          <table className={ui.table}>
            <caption className="sr-only">Показы, закрытия и конверсия поп-апов по дням</caption>
            <TableHead columns={['День', 'Поп-ап', ...figureColumns('Показан', 'Закрыт', 'Завершён', 'Конверсия')]} />
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.day} ${row.popup}`}>
                  <td>{row.day.split('-').reverse().join('.')}</td>
                  <td>{row.popup}</td>
                  <td className="text-right">{row.shown}</td>
                  <td className="text-right">{row.closed}</td>
                  <td className="text-right">{row.finished}</td>
                  <td className="text-right">{conversionRate(row)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <SuspiciousTraffic rows={traffic} subject="Поп-ап" what="показы, закрытия и завершения поп-апа" />
    </>
  );
}
