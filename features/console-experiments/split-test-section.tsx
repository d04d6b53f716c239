import { ActionButton } from '@/components/console/action-button';
import { moscowTime } from '@/components/console/moscow-time';
import { SuspiciousTraffic } from '@/components/console/suspicious-traffic';
import { TableHead } from '@/components/console/table-head';
import { ui } from '@/components/console/ui';
import { MIN_VARIANTS, textsOf, variantLetter } from '@/lib/experiments/variants';
import { actorText } from '@/components/console/actor-labels';
import { AUTO_KEEP_ACTOR } from '@/lib/actors';
import type { SplitTestData } from './split-test-load';
import { startTestAction, stopTestAction } from './split-test-actions';
import { splitTestLabels, splitTestMessages } from './split-test-labels';
import { SplitTestReport } from './split-test-report';
import { VariantsForm } from './variants-form';

/**
 * The split test of a pop-up's page: its variants (only a pop-up with a lead form has any: leads are what
 * a test counts), «Начать тест» (with «Оставить победителя автоматически») / «Остановить тест», the
 * running (or last) test's results and every test's start, stop and decision. `keepAsked`: the variant
 * whose «Оставить вариант …» asks for a confirmation (the address's `keep`).
 */
export function SplitTestSection({ popup, tests, running, view, notice, keepAsked }: SplitTestData & { notice: string | null; keepAsked: number | null }) {
  const saved = popup.config.variants ?? [];
  const leadForm = popup.config.formConfig !== null;
  if (!leadForm && tests.length === 0) {
    return (
      <section aria-labelledby="split-test">
        <h2 id="split-test" className={ui.h2}>
          Сплит-тест
        </h2>
        <p className="mb-3 max-w-3xl text-sm">
          Тест возможен только для поп-апа с формой заявки: тест сравнивает, какой вариант приносит больше заявок, а у этого поп-апа формы нет.
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="split-test">
      <h2 id="split-test" className={ui.h2}>
        Сплит-тест
      </h2>
      <p className="mb-3 max-w-3xl text-sm">
        Вариант A — тексты поп-апа выше. Добавьте от одного до трёх вариантов со своими текстами и начните тест: посетители поровну и навсегда (пока идёт тест)
        разделятся между вариантами, и сайт посчитает показы и заявки каждого. Новый вариант начинается с копии текстов A: измените то, что проверяете (обычно
        заголовок).{!leadForm && ' Тест возможен только для поп-апа с формой заявки.'}
      </p>
      {notice && splitTestMessages[notice] && (
        <p role="status" className="mb-2 text-sm">
          {splitTestMessages[notice]}
        </p>
      )}
      {running && <p className="mb-2 text-sm">Пока идёт тест, варианты менять нельзя.</p>}
      {leadForm && (
        <VariantsForm
          key={popup.version}
          id={popup.id}
          version={popup.version}
          base={textsOf(popup.config.content)}
          variants={running ? running.variants.slice(1) : saved}
          locked={!!running}
        />
      )}
      <div className="mt-3 flex gap-2">
        {running ? (
          <ActionButton action={stopTestAction} fields={{ id: popup.id, test: running.id }} className={ui.dangerButton}>
            {splitTestLabels.stop}
          </ActionButton>
        ) : (
          leadForm &&
          saved.length + 1 >= MIN_VARIANTS && (
            <form action={startTestAction} aria-label="Начало теста" className="flex max-w-3xl flex-col gap-2">
              <input type="hidden" name="id" value={popup.id} />
              <label className="flex items-start gap-2 text-sm">
                <input type="checkbox" name="autoKeep" value="1" className="mt-1" aria-describedby="auto-keep-hint" />
                <span>
                  {splitTestLabels.autoKeep}
                  <span id="auto-keep-hint" className="block text-gray-600">
                    {splitTestLabels.autoKeepHint}
                  </span>
                </span>
              </label>
              <button type="submit" className={`${ui.primaryButton} self-start`}>
                {splitTestLabels.start}
              </button>
            </form>
          )
        )}
      </div>
      {view && <SplitTestReport view={view} popupId={popup.id} keepAsked={keepAsked} />}
      {view && <SuspiciousTraffic rows={view.traffic} what="показы и заявки теста" />}
      {tests.length > 0 && (
        <>
          <h3 className="mb-2 mt-4 font-semibold">Тесты этого поп-апа</h3>
          <table className={`${ui.table} max-w-4xl`}>
            <caption className="sr-only">Тесты поп-апа, новые сверху</caption>
            <TableHead columns={['Начат', 'Кто начал', 'Вариантов', 'Остановлен', 'Кто остановил', 'Итог']} />
            <tbody>
              {tests.map((test) => (
                <tr key={test.id}>
                  <td>{moscowTime(test.startedAt)}</td>
                  <td>{test.startedBy}</td>
                  <td>{test.variants.length}</td>
                  <td>{test.stoppedAt ? moscowTime(test.stoppedAt) : '—'}</td>
                  <td>{test.stoppedBy ? actorText(test.stoppedBy) : '—'}</td>
                  <td>
                    {test.status === 'running'
                      ? 'идёт'
                      : test.winner !== null
                        ? `оставлен вариант ${variantLetter(test.winner)}${test.stoppedBy === AUTO_KEEP_ACTOR ? ' автоматически' : ''}`
                        : 'остановлен без выбора'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
