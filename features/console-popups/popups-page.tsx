import Link from 'next/link';
import { pagesInWords, popupName } from '@/content/names';
import { BarChart } from '@/components/console/bar-chart';
import { DateRangeFields } from '@/components/console/date-range-fields';
import { moscowTime } from '@/components/console/moscow-time';
import { SuspiciousTraffic } from '@/components/console/suspicious-traffic';
import { figureColumns, TableHead } from '@/components/console/table-head';
import { ui } from '@/components/console/ui';
import { formOf } from '@/lib/popups/edit-check';
import { DAILY_CAPS, NETWORK_DAILY_CAPS } from '@/server/traffic/caps';
import type { PopupsPageData } from './load';
import { conversionRate } from './popup-figures';
import { popupStateText } from './popup-labels';

export function PopupsPage({ period, rows, traffic, chart, popups, testing, collectionNames, now }: PopupsPageData) {
  return (
    <>
      <h1 className={ui.h1}>Поп-апы</h1>
      <p className="mb-2 max-w-3xl text-sm">Откройте поп-ап, чтобы поменять его тексты, задержку, страницы и время показа или выключить его.</p>
      <table className={`${ui.table} mb-2`}>
        <caption className="sr-only">Поп-апы сайта</caption>
        <TableHead columns={['Поп-ап', 'Где показывается', 'Заголовок', 'Показ', ...figureColumns('Задержка, с'), 'Изменён']} />
        <tbody>
          {popups.map((popup) => (
            <tr key={popup.id}>
              <td>
                <Link href={`/admin/popups/${popup.id}`} className={ui.link}>
                  {popupName(popup.id)}
                </Link>
              </td>
              <td>
                <PopupPages config={popup.config} collectionNames={collectionNames} />
              </td>
              <td>{formOf(popup.config).headline}</td>
              <td>
                {popupStateText(popup.config, now)}
                {testing.includes(popup.id) ? ', идёт тест' : ''}
              </td>
              <td className="text-right">{popup.config.showDelayMs / 1000}</td>
              <td>{popup.version > 1 ? moscowTime(popup.updatedAt) : 'как в файле'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <details className="mb-6 text-sm">
        <summary className="cursor-pointer">Технические подробности</summary>
        <ul className="mt-2 ml-4 list-disc">
          {popups.map((popup) => (
            <li key={popup.id}>
              {popupName(popup.id)}: <code>{popup.id}</code>
            </li>
          ))}
        </ul>
      </details>
      <h2 className={ui.h2}>Конверсия поп-апов</h2>
      <form method="get" className="mb-4 flex flex-wrap items-end gap-3" aria-label="Период">
        <DateRangeFields from={period.from} to={period.to} />
        <button type="submit" className={ui.primaryButton}>
          Показать
        </button>
      </form>
      <p className="mb-4 max-w-3xl text-sm">
        Конверсия — доля показов, после которых посетитель отправил форму или нажал кнопку поп-апа. Дни — по Москве. С одного адреса за день учитываются не
        больше {DAILY_CAPS.popupEvent} показов каждого поп-апа, из одной сети (провайдер, офис, дом) — не больше {NETWORK_DAILY_CAPS.popupEvent}, а закрытий и
        завершений — не больше учтённых показов, и только на страницах, где поп-ап показывается.
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
                  <td>{popupName(row.popup)}</td>
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
      <SuspiciousTraffic rows={traffic} subject="Поп-ап" what="показы, закрытия и завершения поп-апа" nameOf={popupName} />
    </>
  );
}

/** Where a pop-up shows, in words (content/names.ts), and the pages it leaves out. */
function PopupPages({ config, collectionNames }: Pick<PopupsPageData, 'collectionNames'> & { config: PopupsPageData['popups'][number]['config'] }) {
  const { shown, excepted } = pagesInWords(config, collectionNames);
  return (
    <>
      <ul className="ml-4 list-disc">{shown.length === 0 ? <li>нигде</li> : shown.map((page) => <li key={page}>{page}</li>)}</ul>
      {excepted.length > 0 && <p className="mt-1">кроме: {excepted.join('; ')}</p>}
    </>
  );
}
