import { figureColumns, TableHead } from '@/components/console/table-head';
import { ui } from '@/components/console/ui';
import { MIN_LEADS, MIN_SHOWS } from '@/lib/experiments/sequential';
import { MIN_PAYMENTS } from '@/lib/experiments/revenue';
import { variantLetter } from '@/lib/experiments/variants';
import type { PageTestResults } from '@/server/experiments/page-report';
import { DAILY_CAPS } from '@/server/traffic/caps';
import { differenceText, knownSentence, planText, testProgress, tooWideToRead } from '@/lib/experiments/plain-words';
import { pageTestLabels, rubles } from './page-test-labels';

const percent = (x: number) => `${(Math.round(x * 1000) / 10).toLocaleString('ru-RU', { maximumFractionDigits: 1 })} %`;
const signedRubles = (kopecks: number) => `${Math.round(kopecks / 100) > 0 ? '+' : Math.round(kopecks / 100) < 0 ? '−' : ''}${rubles(Math.abs(kopecks))}`;
/** Money intervals read as the leads' do: hidden while they cannot tell half of A's figure from twice it. */
const readable = (low: number, high: number, base: number) => base > 0 && !tooWideToRead(low / base - 1, high / base - 1);

/** «Результаты теста»: per variant visitors, leads, conversion, paid deals, revenue and revenue per visitor, with intervals; one sentence of what is known. */
export function PageTestResultsSection({ results, now }: { results: PageTestResults; now: number }) {
  const { test, leads, revenue } = results;
  const payments = revenue.reduce((sum, variant) => sum + variant.payments, 0);
  const baseline = revenue[0]?.perVisitor.mean ?? 0;
  return (
    <section aria-labelledby="results" className="mt-4">
      <h2 id="results" className={ui.h2}>
        {pageTestLabels.results}
      </h2>
      {test.status === 'running' && test.startedAt && (
        <p className="mb-2 max-w-3xl text-sm" data-testid="page-test-plan">
          {planText(leads, testProgress(leads, test.startedAt, now), now, 'visitors')}
        </p>
      )}
      <p className="mb-2 font-semibold" data-testid="page-test-verdict">
        {knownSentence(
          leads.verdict,
          revenue.slice(1).map((variant) => variant.comparison),
          payments,
        )}
      </p>
      <table className={`${ui.table} mb-3 max-w-6xl`}>
        <caption className="sr-only">Посетители, заявки, оплаты и выручка по вариантам</caption>
        <TableHead
          columns={[
            'Вариант',
            ...figureColumns(
              'Посетители',
              'Заявки',
              'Конверсия (95 %)',
              'Заявки: разница с A (95 %)',
              'Оплаты',
              'Выручка',
              'Выручка на посетителя (95 %)',
              'Выручка на посетителя: разница с A (95 %)',
            ),
          ]}
        />
        <tbody>
          {test.variants.map((_, index) => {
            const figures = leads.variants[index] ?? { shows: 0, leads: 0, rate: 0, low: 0, high: 1 };
            const comparison = index > 0 ? leads.comparisons[index - 1] : null;
            const money = revenue[index]!;
            const perVisitor = money.perVisitor;
            return (
              <tr key={index} data-variant={variantLetter(index)}>
                <th scope="row">{variantLetter(index)}</th>
                <td className="text-right">{figures.shows.toLocaleString('ru-RU')}</td>
                <td className="text-right">{figures.leads.toLocaleString('ru-RU')}</td>
                <td className="text-right">{figures.shows > 0 ? `${percent(figures.rate)} (${percent(figures.low)}–${percent(figures.high)})` : '—'}</td>
                <td className="text-right">{index === 0 ? 'основа' : comparison ? differenceText(comparison) : '—'}</td>
                <td className="text-right">{money.payments.toLocaleString('ru-RU')}</td>
                <td className="text-right">{rubles(money.sum)}</td>
                <td className="text-right">
                  {money.visitors > 0
                    ? `${rubles(perVisitor.mean)}${Number.isFinite(perVisitor.high) && readable(perVisitor.low, perVisitor.high, perVisitor.mean) ? ` (${rubles(perVisitor.low)}–${rubles(perVisitor.high)})` : ''}`
                    : '—'}
                </td>
                <td className="text-right">
                  {index === 0
                    ? 'основа'
                    : money.comparison && Number.isFinite(money.comparison.low)
                      ? readable(baseline + money.comparison.low, baseline + money.comparison.high, baseline)
                        ? `${signedRubles(money.comparison.difference)} (от ${signedRubles(money.comparison.low)} до ${signedRubles(money.comparison.high)})`
                        : 'пока слишком мало данных'
                      : '—'}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="max-w-3xl text-xs text-gray-600">
        Каждый посетитель считается один раз: когда сайт впервые показал ему вариант страницы; заявка — когда сервер принял его заявку с этой страницы; оплата и
        выручка — по сделкам этих заявок в GetCourse. С одного адреса за день учитываются не больше {DAILY_CAPS.testShow} новых посетителей и{' '}
        {DAILY_CAPS.testLead} заявок. Вывод по заявкам — последовательным методом, как у сплит-тестов поп-апов (не раньше {MIN_SHOWS} посетителей и {MIN_LEADS}{' '}
        заявок у каждого варианта); интервалы выручки — доверительные последовательности, их можно смотреть хоть каждый день. Вывод по выручке — не раньше{' '}
        {MIN_PAYMENTS} оплат у каждого варианта.
      </p>
    </section>
  );
}
