import { variantLetter } from '@/lib/experiments/variants';
import type { SplitTestView } from '@/server/split-tests/report';
import { DAILY_CAPS } from '@/server/traffic/caps';
import { ActionButton } from '@/components/console/action-button';
import { ConversionChart } from './conversion-chart';
import { moscowTime } from '@/components/console/moscow-time';
import { decideTestAction } from './split-test-actions';
import { percent, pValueText, range, signedPercent, splitTestLabels, verdictText } from './split-test-labels';
import { figureColumns, TableHead } from '@/components/console/table-head';
import { ui } from '@/components/console/ui';

/**
 * «Результаты теста»: per variant shows, leads, conversion with its 95 % interval, the
 * difference from A with an interval and p-value that stay valid however often the page is opened
 * (lib/experiments/sequential.ts), the verdict in plain Russian, and the planned end.
 */
export function SplitTestReport({ view, popupId }: { view: SplitTestView; popupId: string }) {
  const { test, report, days, plannedEnd } = view;
  const running = test.status === 'running';
  const verdict = report.verdict;
  return (
    <section aria-labelledby="split-test-results">
      <h2 id="split-test-results" className={ui.h2}>
        {splitTestLabels.results}
      </h2>
      <p className="mb-2 max-w-3xl text-sm">
        Начат {moscowTime(test.startedAt)} ({test.startedBy}).{' '}
        {running
          ? plannedEnd
            ? `Запланированный конец — около ${moscowTime(plannedEnd).split(' ')[0]}: к этому дню у каждого варианта будет ${report.plannedShowsPerVariant.toLocaleString('ru-RU')} показов (набрано ${percent(Math.min(1, report.informationFraction))}). Останавливать раньше можно: выводы ниже верны при любой частоте просмотра.`
            : `План — ${report.plannedShowsPerVariant.toLocaleString('ru-RU')} показов на вариант; срок посчитаем по первым показам.`
          : `Остановлен ${test.stoppedAt ? moscowTime(test.stoppedAt) : ''}${test.stoppedBy ? ` (${test.stoppedBy})` : ''}${test.winner !== null ? `, оставлен вариант ${variantLetter(test.winner)}` : ''}.`}
      </p>
      {verdict.kind === 'srm' ? (
        <p role="alert" className="mb-3 max-w-3xl rounded border border-amber-400 bg-amber-50 p-2 text-sm" data-testid="split-test-verdict">
          {verdictText(verdict)}
        </p>
      ) : (
        <p className="mb-3 max-w-3xl text-base font-semibold" data-testid="split-test-verdict">
          {verdictText(verdict)}
        </p>
      )}
      <table className={`${ui.table} mb-4 max-w-4xl`}>
        <caption className="sr-only">Показы, заявки и конверсия по вариантам</caption>
        <TableHead columns={['Вариант', 'Заголовок', ...figureColumns('Показы', 'Заявки', 'Конверсия (95 %)', 'Разница с A (95 %)', 'p-значение'), ...(running ? [{ label: 'Действие', srOnly: true }] : [])]} />
        <tbody>
          {test.variants.map((texts, index) => {
            const figures = report.variants[index] ?? { shows: 0, leads: 0, rate: 0, low: 0, high: 1 };
            const comparison = index > 0 ? report.comparisons[index - 1] : null;
            return (
              <tr key={index} data-variant={variantLetter(index)}>
                <th scope="row">{variantLetter(index)}</th>
                <td>{texts.headline}</td>
                <td className="text-right">{figures.shows.toLocaleString('ru-RU')}</td>
                <td className="text-right">{figures.leads.toLocaleString('ru-RU')}</td>
                <td className="text-right">
                  {figures.shows > 0 ? `${percent(figures.rate)} (${percent(figures.low)}–${percent(figures.high)})` : '—'}
                </td>
                <td className="text-right">
                  {index === 0 ? 'основа' : comparison ? `${signedPercent(comparison.estimate)} ${range(comparison.low, comparison.high)}` : '—'}
                </td>
                <td className="text-right">{comparison ? pValueText(comparison.pValue) : '—'}</td>
                {running && (
                  <td>
                    <ActionButton action={decideTestAction} fields={{ id: popupId, test: test.id, variant: index }}>
                      {splitTestLabels.keep(index)}
                    </ActionButton>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
      <ConversionChart days={days} />
      <p className="max-w-3xl text-xs text-gray-600">
        Каждый посетитель считается один раз: показ — когда он впервые увидел поп-ап, заявка — когда сервер принял его заявку из этого варианта. С одного
        адреса за день учитываются не больше {DAILY_CAPS.testShow} новых посетителей и {DAILY_CAPS.testLead} заявок.
        Интервалы и p-значения рассчитаны последовательным методом (граница О’Брайена — Флеминга, расход 5 % по плану Лана — ДеМетса), поэтому их можно смотреть хоть каждый час. Вывод — не раньше {100} показов и 25 заявок у каждого варианта.
      </p>
    </section>
  );
}
