import { ActionButton } from '@/components/console/action-button';
import { moscowTime } from '@/components/console/moscow-time';
import { SuspiciousTraffic } from '@/components/console/suspicious-traffic';
import { TableHead } from '@/components/console/table-head';
import { ui } from '@/components/console/ui';
import { MIN_VARIANTS, variantLetter } from '@/lib/experiments/variants';
import type { SplitTestData } from './load';
import { startTestAction, stopTestAction } from './split-test-actions';
import { splitTestLabels, splitTestMessages } from './split-test-labels';
import { SplitTestReport } from './split-test-report';
import { VariantsForm } from './variants-form';

/**
 * The split test of a pop-up's page: its variants, «Начать тест» / «Остановить тест», the
 * running (or last) test's results and every test's start, stop and decision.
 */
export function SplitTestSection({ popup, tests, running, view, traffic, notice }: SplitTestData & { notice: string | null }) {
  const saved = popup.config.variants ?? [];
  const leadForm = popup.config.formConfig !== null;
  return (
    <section aria-labelledby="split-test">
      <h2 id="split-test" className={ui.h2}>
        Сплит-тест
      </h2>
      <p className="mb-3 max-w-3xl text-sm">
        Вариант A — тексты поп-апа выше. Добавьте от одного до трёх вариантов со своими текстами и начните тест: посетители поровну и навсегда (пока идёт
        тест) разделятся между вариантами, и сайт посчитает показы и заявки каждого.{!leadForm && ' Тест возможен только для поп-апа с формой заявки.'}
      </p>
      {notice && splitTestMessages[notice] && (
        <p role="status" className="mb-2 text-sm">
          {splitTestMessages[notice]}
        </p>
      )}
      {running && <p className="mb-2 text-sm">Пока идёт тест, варианты менять нельзя.</p>}
      <VariantsForm key={popup.version} id={popup.id} version={popup.version} variants={running ? running.variants.slice(1) : saved} locked={!!running} />
      <div className="mt-3 flex gap-2">
        {running ? (
          <ActionButton action={stopTestAction} fields={{ id: popup.id, test: running.id }} className={ui.dangerButton}>
            {splitTestLabels.stop}
          </ActionButton>
        ) : (
          leadForm &&
          saved.length + 1 >= MIN_VARIANTS && (
            <ActionButton action={startTestAction} fields={{ id: popup.id }} className={ui.primaryButton}>
              {splitTestLabels.start}
            </ActionButton>
          )
        )}
      </div>
      {view && <SplitTestReport view={view} popupId={popup.id} />}
      <SuspiciousTraffic rows={traffic} what="показы и заявки теста" />
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
                  <td>{test.stoppedBy ?? '—'}</td>
                  <td>{test.status === 'running' ? 'идёт' : test.winner !== null ? `оставлен вариант ${variantLetter(test.winner)}` : 'остановлен без выбора'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
