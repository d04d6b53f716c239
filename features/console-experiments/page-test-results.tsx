import { ui } from '@/components/console/ui';
import { MIN_LEADS, MIN_SHOWS } from '@/lib/experiments/sequential';
import { MIN_PAYMENTS } from '@/lib/experiments/revenue';
import type { PageTestResults } from '@/server/experiments/report';
import { DAILY_CAPS } from '@/server/traffic/caps';
import { knownSentence, planText, testProgress, tooWideToRead } from '@/lib/experiments/plain-words';
import { ConversionChart } from './conversion-chart';
import { pageTestLabels, rubles } from './page-test-labels';
import { TrustNote } from './trust-note';
import { VariantFigures } from './variant-figures';

const signedRubles = (kopecks: number) => `${Math.round(kopecks / 100) > 0 ? '+' : Math.round(kopecks / 100) < 0 ? '−' : ''}${rubles(Math.abs(kopecks))}`;
/** Money intervals read as the leads' do: hidden while they cannot tell half of A's figure from twice it. */
const readable = (low: number, high: number, base: number) => base > 0 && !tooWideToRead(low / base - 1, high / base - 1);

/**
 * «Результаты теста»: per variant visitors, leads, conversion, paid deals, revenue and revenue per visitor, with intervals; one
 * sentence of what is known; the pop-up test's trust note and conversion chart (one report for both kinds: the figures table,
 * the note and the chart are shared, the sentence and the money columns are the page's own).
 */
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
      <TrustNote view={{ trust: results.trust, report: leads }} running={test.status === 'running'} autoKeep={false} countedAs="visitors" />
      <VariantFigures
        report={leads}
        count={test.variants.length}
        caption="Посетители, заявки, оплаты и выручка по вариантам"
        visitorsLabel="Посетители"
        differenceLabel="Заявки: разница с A (95 %)"
        className="mb-3 max-w-6xl"
        after={[
          { heading: { label: 'Оплаты', numeric: true }, figure: true, cell: (index) => revenue[index]!.payments.toLocaleString('ru-RU') },
          { heading: { label: 'Выручка', numeric: true }, figure: true, cell: (index) => rubles(revenue[index]!.sum) },
          {
            heading: { label: 'Выручка на посетителя (95 %)', numeric: true },
            figure: true,
            cell: (index) => {
              const money = revenue[index]!;
              const perVisitor = money.perVisitor;
              return money.visitors > 0
                ? `${rubles(perVisitor.mean)}${Number.isFinite(perVisitor.high) && readable(perVisitor.low, perVisitor.high, perVisitor.mean) ? ` (${rubles(perVisitor.low)}–${rubles(perVisitor.high)})` : ''}`
                : '—';
            },
          },
          {
            heading: { label: 'Выручка на посетителя: разница с A (95 %)', numeric: true },
            figure: true,
            cell: (index) => {
              const comparison = revenue[index]!.comparison;
              if (index === 0) return 'основа';
              if (!comparison || !Number.isFinite(comparison.low)) return '—';
              return readable(baseline + comparison.low, baseline + comparison.high, baseline)
                ? `${signedRubles(comparison.difference)} (от ${signedRubles(comparison.low)} до ${signedRubles(comparison.high)})`
                : 'пока слишком мало данных';
            },
          },
        ]}
      />
      <ConversionChart days={results.days} now={now} />
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
