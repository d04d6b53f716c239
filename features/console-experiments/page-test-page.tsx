import Link from 'next/link';
import { actorText } from '@/components/console/actor-labels';
import { ActionButton } from '@/components/console/action-button';
import { moscowTime } from '@/components/console/moscow-time';
import { SuspiciousTraffic } from '@/components/console/suspicious-traffic';
import { TableHead } from '@/components/console/table-head';
import { ui } from '@/components/console/ui';
import { variantLetter } from '@/lib/experiments/variants';
import { pageVariantFields } from '@/lib/page-tests/variants';
import type { TestablePage } from './page-test-load';
import type { PageTestData } from './page-test-load';
import { keepPageVariantAction, startPageTestAction, stopPageTestAction } from './page-test-actions';
import { PageTestForm } from './page-test-form';
import { pageTestLabels, pageTestMessages } from './page-test-labels';
import { PageTestResultsSection } from './page-test-results';

/**
 * One page test: its page and state, the variants (editable while a draft or running), «Начать тест»,
 * «Остановить тест», «Оставить вариант …» with its confirmation (`?keep=<n>`: a plain form, no script
 * needed) and «Результаты теста».
 */
export function PageTestPage({
  test,
  page,
  original,
  results,
  traffic,
  now,
  pages,
  done,
  keep,
}: PageTestData & { pages: TestablePage[]; done: string | null; keep: number | null }) {
  const running = test.status === 'running';
  const confirming = running && keep !== null && keep < test.variants.length ? keep : null;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/admin/page-tests" className={ui.link}>
          {pageTestLabels.title}
        </Link>
      </p>
      <h1 className={ui.h1}>Тест страницы: {page.name}</h1>
      <p className="mb-2 text-sm">
        Состояние: {pageTestLabels.status[test.status]} · создал {test.createdBy} {moscowTime(test.createdAt)}
        {test.startedAt && ` · начат ${moscowTime(test.startedAt)} (${test.startedBy})`}
        {test.stoppedAt && ` · остановлен ${moscowTime(test.stoppedAt)} (${test.stoppedBy ? actorText(test.stoppedBy) : '—'})`}
        {test.winner !== null && ` · оставлен вариант ${variantLetter(test.winner)}`}
      </p>
      {done && pageTestMessages[done] && (
        <p role="status" className="mb-2 text-sm">
          {pageTestMessages[done]}
        </p>
      )}
      {(test.status === 'draft' || running) && (
        <PageTestForm key={test.version} pages={pages} test={{ id: test.id, pagePath: test.pagePath, variants: test.variants, locked: running }} />
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {test.status === 'draft' && (
          <ActionButton action={startPageTestAction} fields={{ id: test.id }} className={ui.primaryButton}>
            {pageTestLabels.start}
          </ActionButton>
        )}
        {running && (
          <>
            <ActionButton action={stopPageTestAction} fields={{ id: test.id }} className={ui.dangerButton}>
              {pageTestLabels.stop}
            </ActionButton>
            {test.variants.map((_, index) => (
              <Link key={index} href={`/admin/page-tests/${test.id}?keep=${index}`} className={ui.button}>
                {pageTestLabels.keep(index)}
              </Link>
            ))}
          </>
        )}
      </div>
      {confirming !== null && (
        <div role="dialog" aria-labelledby="keep-title" className="mt-3 max-w-xl rounded border border-gray-400 bg-white p-4">
          <h2 id="keep-title" className="font-semibold">
            {pageTestLabels.keep(confirming)}?
          </h2>
          <p className="my-2 text-sm">
            Тест закончится, и все посетители снова увидят страницу как есть. Тексты варианта {variantLetter(confirming)} нужно будет перенести на страницу
            курса.
          </p>
          <div className="flex gap-2">
            <ActionButton action={keepPageVariantAction} fields={{ id: test.id, variant: confirming }} className={ui.primaryButton}>
              {pageTestLabels.keepConfirm(confirming)}
            </ActionButton>
            <Link href={`/admin/page-tests/${test.id}`} className={ui.button}>
              {pageTestLabels.cancel}
            </Link>
          </div>
        </div>
      )}
      {test.status !== 'draft' && (
        <section aria-labelledby="variants" className="mt-4">
          <h2 id="variants" className={ui.h2}>
            Варианты
          </h2>
          <table className={`${ui.table} max-w-5xl`}>
            <caption className="sr-only">Что меняет каждый вариант</caption>
            <TableHead columns={['Вариант', ...Object.values(pageTestLabels.fields)]} />
            <tbody>
              {test.variants.map((variant, index) => (
                <tr key={index} data-variant={variantLetter(index)}>
                  <th scope="row">{variantLetter(index)}</th>
                  {pageVariantFields.map((field) => (
                    // A shows the page's own texts; a variant what it changes, or «как у A».
                    <td key={field}>{variant[field] ?? (index === 0 ? (original[field] ?? '—') : 'как у A')}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {results && <PageTestResultsSection results={results} now={now} />}
      <SuspiciousTraffic rows={traffic} what="посетители и заявки теста" />
    </>
  );
}
