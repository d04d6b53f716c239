import { keepNeedsConfirmation, planText, verdictPValue, verdictSentence } from '@/lib/experiments/plain-words';
import { MIN_NETWORKS } from '@/lib/experiments/trust';
import { MIN_LEADS, MIN_SHOWS } from '@/lib/experiments/sequential';
import { variantLetter } from '@/lib/experiments/variants';
import type { SplitTestView } from '@/server/experiments/report';
import { DAILY_CAPS, NETWORK_DAILY_CAPS } from '@/server/traffic/caps';
import { SUSPICIOUS_SHARE } from '@/lib/traffic-share';
import { ActionButton } from '@/components/console/action-button';
import { actorText } from '@/components/console/actor-labels';
import { ConversionChart } from './conversion-chart';
import { moscowTime } from '@/components/console/moscow-time';
import { decideTestAction } from './split-test-actions';
import { percent, pValueText, splitTestLabels } from './split-test-labels';
import { VariantFigures } from './variant-figures';
import { TrustNote } from './trust-note';
import { ui } from '@/components/console/ui';

/**
 * «Результаты теста»: how many shows each variant still needs and about when the test ends, the verdict
 * in one sentence (lib/experiments/plain-words.ts), per variant shows, leads, conversion and the
 * difference from A with the p-value the verdict rests on, the chart from the first day, and how it is
 * computed under «Как считается». Keeping a variant the verdict did not choose takes a second step
 * (`keepAsked`: the variant whose «Оставить вариант …» was pressed).
 */
export function SplitTestReport({ view, popupId, keepAsked }: { view: SplitTestView; popupId: string; keepAsked: number | null }) {
  const { test, report, days, progress, now } = view;
  const running = test.status === 'running';
  const verdict = report.verdict;
  const asking = running && keepAsked !== null && keepAsked < test.variants.length && keepNeedsConfirmation(verdict, keepAsked) ? keepAsked : null;
  return (
    <section aria-labelledby="split-test-results">
      <h2 id="split-test-results" className={ui.h2}>
        {splitTestLabels.results}
      </h2>
      <p className="mb-2 max-w-3xl text-sm">
        Начат {moscowTime(test.startedAt)} ({test.startedBy}){test.autoKeep ? ', победитель останется автоматически' : ''}.{' '}
        {running && progress
          ? planText(report, progress, now)
          : `Остановлен ${test.stoppedAt ? moscowTime(test.stoppedAt) : ''}${test.stoppedBy ? ` (${actorText(test.stoppedBy)})` : ''}${test.winner !== null ? `, оставлен вариант ${variantLetter(test.winner)}` : ''}.`}
      </p>
      <p
        {...(verdict.kind === 'srm' ? { role: 'alert' } : {})}
        className={verdict.kind === 'srm' ? 'mb-3 max-w-3xl rounded border border-amber-400 bg-amber-50 p-2 text-sm' : 'mb-3 max-w-3xl text-base font-semibold'}
        data-testid="split-test-verdict"
      >
        {verdictSentence(report, running ? progress : null, now)}
      </p>
      <TrustNote view={view} running={running} autoKeep={test.autoKeep} countedAs="shows" />
      {asking !== null && (
        <section id="keep-confirm" aria-labelledby="keep-confirm-title" className="mb-4 max-w-3xl rounded border border-amber-400 bg-amber-50 p-3 text-sm">
          <h3 id="keep-confirm-title" className="mb-1 font-semibold">
            {splitTestLabels.confirmKeepTitle(asking)}
          </h3>
          <p className="mb-2">
            Тест ещё не показал, что вариант {variantLetter(asking)} лучше: разница может оказаться случайностью. Тест закончится, и все посетители будут видеть
            вариант {variantLetter(asking)}.
          </p>
          <div className="flex flex-wrap gap-2">
            <ActionButton action={decideTestAction} fields={{ id: popupId, test: test.id, variant: asking, confirmed: 1 }} className={ui.dangerButton}>
              {splitTestLabels.confirmKeep(asking)}
            </ActionButton>
            <a href={`/admin/popups/${encodeURIComponent(popupId)}#split-test-results`} className={ui.button}>
              {splitTestLabels.cancel}
            </a>
          </div>
        </section>
      )}
      <VariantFigures
        report={report}
        count={test.variants.length}
        caption="Показы, заявки и конверсия по вариантам"
        visitorsLabel="Показы"
        differenceLabel="Разница с A (95 %)"
        className="mb-4 max-w-4xl"
        before={[{ heading: 'Заголовок', cell: (index) => test.variants[index]!.headline }]}
        after={[
          {
            heading: { label: 'p-значение', numeric: true },
            figure: true,
            cell: (index) => {
              const p = verdictPValue(report, index > 0 ? (report.comparisons[index - 1] ?? null) : null);
              return p ? pValueText(p.p, p.atLeast) : '—';
            },
          },
          ...(running
            ? [
                {
                  heading: { label: 'Действие', srOnly: true },
                  cell: (index: number) =>
                    keepNeedsConfirmation(verdict, index) ? (
                      // The first step: the page asks before a keep the verdict does not back.
                      <form method="get" action={`/admin/popups/${encodeURIComponent(popupId)}#keep-confirm`}>
                        <input type="hidden" name="keep" value={index} />
                        <button type="submit" className={ui.button}>
                          {splitTestLabels.keep(index)}
                        </button>
                      </form>
                    ) : (
                      <ActionButton
                        action={decideTestAction}
                        fields={{ id: popupId, test: test.id, variant: index, confirmed: 1 }}
                        className={ui.primaryButton}
                      >
                        {splitTestLabels.keep(index)}
                      </ActionButton>
                    ),
                },
              ]
            : []),
        ]}
      />
      <ConversionChart days={days} now={now} />
      <details className="max-w-3xl text-sm text-gray-700">
        <summary className="cursor-pointer font-medium">{splitTestLabels.howComputed}</summary>
        <div className="mt-2 flex flex-col gap-2">
          <p>
            Каждый посетитель считается один раз: показ — когда он впервые увидел поп-ап, заявка — когда сервер принял его заявку из этого варианта. С одного
            адреса за день учитываются не больше {DAILY_CAPS.testShow} новых посетителей и {DAILY_CAPS.testLead} заявок, из одной сети (провайдер, офис, дом:
            адреса, которые почти всегда у одного владельца) — не больше {NETWORK_DAILY_CAPS.testShow} и {NETWORK_DAILY_CAPS.testLead}.
          </p>
          <p>
            Сам сайт объявляет вывод и оставляет победителя, только если показы и заявки каждого варианта пришли хотя бы из {MIN_NETWORKS} разных сетей (и не
            меньше чем из половины стольких, сколько их) и сайт не учёл как подозрительные меньше {percent(SUSPICIOUS_SHARE)} событий теста. Иначе цифры могла
            нагнать небольшая группа — решать тогда вам.
          </p>
          <p>
            Вывод появляется не раньше, чем у каждого варианта будет {MIN_SHOWS} показов и {MIN_LEADS} заявок. Число показов, нужное каждому варианту,
            рассчитано так, чтобы тест заметил разницу в 20 % с вероятностью 80 %; если к этому числу разницы не нашлось, её нет или она меньше. Смотреть
            результаты можно хоть каждый час: выводы от этого не становятся менее надёжными.
          </p>
          <p>
            Для специалистов: последовательный тест с границей О’Брайена — Флеминга и расходом 5 % по плану Лана — ДеМетса; интервалы — повторные 95 %
            доверительные интервалы, p-значение — повторное, показывается только тогда, когда на нём основан вывод.
          </p>
        </div>
      </details>
    </section>
  );
}
