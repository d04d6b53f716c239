'use client';

import { useActionState, useState } from 'react';
import { ui } from '@/components/console/ui';
import { variantLetter } from '@/lib/experiments/variants';
import { MAX_PAGE_VARIANTS, pageVariantFields, type PageVariantChanges } from '@/lib/page-tests/variants';
import { createPageTestAction, editPageTestAction, type PageTestFormState } from './page-test-actions';
import { pageTestLabels, pageTestProblemText } from './page-test-labels';

type PageOption = { path: string; name: string; tariffs: string[] };

const typedOf = (changes: PageVariantChanges | undefined) =>
  Object.fromEntries(pageVariantFields.map((field) => [field, changes?.[field] ?? ''])) as PageTestFormState['variants'][number];

/**
 * «Новый тест страницы» (with «Страница») or a test's variants: B, C, D, each changing any of «Заголовок»,
 * «Подзаголовок», «Надпись на кнопке», «Цена на первом месте»; a field left blank keeps the page's own.
 * Checked on the server; problems beside their fields.
 */
export function PageTestForm({
  pages,
  test,
}: {
  pages: PageOption[];
  test?: { id: string; pagePath: string; variants: PageVariantChanges[]; locked: boolean };
}) {
  const initial: PageTestFormState = {
    page: test?.pagePath ?? '',
    variants: Array.from({ length: MAX_PAGE_VARIANTS - 1 }, (_, i) => typedOf(test?.variants[i + 1])),
    problems: [],
    outcome: null,
  };
  const [state, action, pending] = useActionState<PageTestFormState, FormData>(test ? editPageTestAction : createPageTestAction, initial);
  const [page, setPage] = useState(state.page);
  // A refused save resets the form (React's form actions do): each answer remounts the fields with what was sent.
  const [round, setRound] = useState(0);
  const [seenState, setSeenState] = useState(state);
  if (seenState !== state) {
    setSeenState(state);
    setRound(round + 1);
    setPage(state.page);
  }
  const tariffs = pages.find((candidate) => candidate.path === (test?.pagePath ?? page))?.tariffs ?? [];
  const shownVariants = test?.locked ? test.variants.length - 1 : MAX_PAGE_VARIANTS - 1;
  const problemOf = (variant: number | null, field: string | null) => state.problems.find((p) => p.variant === variant && p.field === field);
  const pageProblem = problemOf(null, 'page');
  const general = problemOf(null, null);

  return (
    <form action={action} aria-label={test ? 'Варианты теста' : pageTestLabels.create} className="flex max-w-3xl flex-col gap-4">
      {test && <input type="hidden" name="id" value={test.id} />}
      {!test && (
        <label className="flex flex-col gap-1 text-sm">
          {pageTestLabels.page}
          <select
            key={round}
            name="page"
            className={ui.input}
            defaultValue={state.page}
            onChange={(event) => setPage(event.target.value)}
            {...(pageProblem ? { 'aria-invalid': true, 'aria-describedby': 'page-error' } : {})}
          >
            <option value="">Выберите страницу</option>
            {pages.map((option) => (
              <option key={option.path} value={option.path}>
                {option.name}
              </option>
            ))}
          </select>
          {pageProblem && (
            <span id="page-error" className="text-sm text-red-700">
              {pageTestProblemText(pageProblem)}
            </span>
          )}
        </label>
      )}
      <p className="text-sm">Вариант A — страница как есть. Пустое поле варианта оставляет текст страницы.</p>
      {Array.from({ length: shownVariants }, (_, index) => {
        const variant = index + 1;
        const typed = state.variants[index] ?? typedOf(undefined);
        const whole = problemOf(variant, null);
        return (
          <fieldset key={`${variant}:${round}`} className="flex flex-col gap-2 rounded border border-gray-300 p-3">
            <legend className="px-1 text-sm font-semibold">Вариант {variantLetter(variant)}</legend>
            {pageVariantFields.map((field) => {
              const problem = problemOf(variant, field);
              const name = `${field}-${variant}`;
              const described = problem ? { 'aria-invalid': true, 'aria-describedby': `${name}-error` } : {};
              return (
                <label key={field} className="flex flex-col gap-1 text-sm">
                  {pageTestLabels.fields[field]}
                  {field === 'leadTariff' ? (
                    <select name={name} className={ui.input} defaultValue={typed[field]} {...described}>
                      <option value="">{pageTestLabels.original}</option>
                      {tariffs.map((tariff) => (
                        <option key={tariff} value={tariff}>
                          {tariff}
                        </option>
                      ))}
                    </select>
                  ) : field === 'subheadline' ? (
                    <textarea name={name} className={ui.input} defaultValue={typed[field]} {...described} />
                  ) : (
                    <input name={name} className={ui.input} defaultValue={typed[field]} {...described} />
                  )}
                  {problem && (
                    <span id={`${name}-error`} className="text-sm text-red-700">
                      {pageTestProblemText(problem)}
                    </span>
                  )}
                </label>
              );
            })}
            {whole && <p className="text-sm text-red-700">{pageTestProblemText(whole)}</p>}
          </fieldset>
        );
      })}
      {general && (
        <p role="alert" className="text-sm text-red-700">
          {pageTestProblemText(general)}
        </p>
      )}
      {state.outcome && state.outcome !== 'invalid' && (
        <p role="alert" className="text-sm text-red-700">
          {state.outcome === 'conflict' ? 'Тест изменили одновременно с вами или он уже не идёт: откройте его заново.' : 'Такого теста нет.'}
        </p>
      )}
      <button type="submit" className={`${ui.primaryButton} self-start`} disabled={pending}>
        {test ? pageTestLabels.save : pageTestLabels.createButton}
      </button>
    </form>
  );
}
