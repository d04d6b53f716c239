'use server';

import { redirect } from 'next/navigation';
import { z } from '@/lib/validation/zod';
import { checkPageVariants, changesOf, MAX_PAGE_VARIANTS, pageVariantFields, type PageTestProblem, type PageVariantChanges } from '@/lib/page-tests/variants';
import { answered } from '@/server/admin/action-steps';
import { operatorAction } from '@/server/admin/operator-action';
import { forgetLiveTests } from '@/server/page-tests/live';
import { plannedVisitors } from '@/server/experiments/report';
import { testablePages } from './page-test-load';
import { pageTests } from '@/server/experiments/subjects/page';

/** The variants form after a refused save: what was typed stays, problems sit beside their fields (page-test-labels.ts words them). */
export interface PageTestFormState {
  page: string;
  /** B, C, D as typed. */
  variants: Record<(typeof pageVariantFields)[number], string>[];
  problems: PageTestProblem[];
  outcome: 'invalid' | 'not_found' | 'conflict' | null;
}

const typed = z.string().default('');
const testPage = (id: string, done: string) => `/admin/page-tests/${encodeURIComponent(id)}?done=${done}`;

/** B, C, D as `headline-1`, `subheadline-1`, `buttonLabel-1`, `leadTariff-1` and on; a variant left wholly blank (past B) is no variant. */
const variantsForm = z.looseObject({ id: typed, page: typed }).transform(({ id, page, ...fields }) => {
  const text = (name: string) => (typeof fields[name] === 'string' ? fields[name] : '');
  const typedVariants = Array.from(
    { length: MAX_PAGE_VARIANTS - 1 },
    (_, i) => Object.fromEntries(pageVariantFields.map((field) => [field, text(`${field}-${i + 1}`)])) as PageTestFormState['variants'][number],
  );
  const changes = typedVariants.map(changesOf);
  // Blank variants at the end are left out; one blank between filled ones stays, and its check says so.
  let count = changes.length;
  while (count > 0 && pageVariantFields.every((field) => changes[count - 1]![field] === null)) count--;
  return { id, page, typedVariants, changes: changes.slice(0, count) };
});

function checked(page: string, typedVariants: PageTestFormState['variants'], changes: PageVariantChanges[]) {
  const testable = testablePages().find((candidate) => candidate.path === page);
  const problems: PageTestProblem[] = testable ? checkPageVariants(changes, testable.tariffs) : [{ variant: null, field: 'page', code: 'unknown_page' }];
  return problems.length > 0 ? answered<PageTestFormState>({ page, variants: typedVariants, problems, outcome: 'invalid' }) : null;
}

/** «Создать тест» on «Новый тест страницы»: a draft test of the chosen page; audited. */
export const createPageTestAction = operatorAction({
  input: variantsForm,
  invalid: (): PageTestFormState => ({ page: '', variants: [], problems: [], outcome: 'invalid' }),
  async prepare({ page, typedVariants, changes }) {
    return checked(page, typedVariants, changes) ?? { page, changes };
  },
  write: ({ page, changes }, trx, { runtime, email, now }) =>
    pageTests(runtime.repos).create({ pagePath: page, variants: changes, plannedVisitors: plannedVisitors(changes.length + 1), actor: email, now }, trx),
  audit: (test) => ({ action: 'page_test_create', subject: test.id, details: { page: test.pagePath, variants: test.variants.length } }),
  answer: (test): PageTestFormState => redirect(testPage(test.id, 'created')),
});

/** «Сохранить варианты» of a draft or a running test (a running one keeps its number of variants): a new version; audited. */
export const editPageTestAction = operatorAction({
  input: variantsForm,
  invalid: (): PageTestFormState => ({ page: '', variants: [], problems: [], outcome: 'not_found' }),
  async prepare({ id, typedVariants, changes }, { runtime }) {
    const test = await pageTests(runtime.repos).get(id);
    if (!test) return answered<PageTestFormState>({ page: '', variants: typedVariants, problems: [], outcome: 'not_found' });
    return checked(test.pagePath, typedVariants, changes) ?? { id, typedVariants, changes, page: test.pagePath };
  },
  write: ({ id, changes }, trx, { runtime, email, now }) => pageTests(runtime.repos).edit(id, changes, { actor: email, now }, trx),
  audit: (test) => test && { action: 'page_test_edit', subject: test.id, details: { version: test.version, variants: test.variants.length } },
  answer(test, { id, page, typedVariants }): PageTestFormState {
    if (!test) return { page, variants: typedVariants, problems: [], outcome: 'conflict' };
    forgetLiveTests();
    redirect(testPage(id, 'saved'));
  },
});

const idOnly = z.object({ id: typed });

/** «Начать тест»: visitors are split between the variants from now on; audited. */
export const startPageTestAction = operatorAction({
  input: idOnly,
  write: ({ id }, trx, { runtime, email, now }) => pageTests(runtime.repos).start(id, { actor: email, now }, trx),
  audit: (result, { id }) =>
    result.started ? { action: 'page_test_start', subject: id, details: { page: result.test.pagePath, variants: result.test.variants.length } } : null,
  answer(result, { id }) {
    // This instance serves the change at once; the others read it within PAGE_TESTS_REFRESH_MS (server/page-tests/live.ts).
    forgetLiveTests();
    redirect(testPage(id, result.started ? 'started' : result.reason === 'running' ? 'running' : 'not_running'));
  },
});

/** «Остановить тест»: everyone sees the page as it is; audited. */
export const stopPageTestAction = operatorAction({
  input: idOnly,
  write: ({ id }, trx, { runtime, email, now }) => pageTests(runtime.repos).stop(id, { actor: email, now }, trx),
  audit: (stopped, { id }) => (stopped ? { action: 'page_test_stop', subject: id } : null),
  answer(stopped, { id }) {
    forgetLiveTests();
    redirect(testPage(id, stopped ? 'stopped' : 'not_running'));
  },
});

/** «Оставить вариант …», after its confirmation: ends the test with that variant kept; audited. */
export const keepPageVariantAction = operatorAction({
  input: z.object({
    id: typed,
    variant: z.coerce
      .number()
      .int()
      .min(0)
      .max(MAX_PAGE_VARIANTS - 1),
  }),
  write: ({ id, variant }, trx, { runtime, email, now }) => pageTests(runtime.repos).stop(id, { actor: email, now, winner: variant }, trx),
  audit: (kept, { id, variant }) => (kept ? { action: 'page_test_keep', subject: id, details: { variant } } : null),
  answer(kept, { id }) {
    forgetLiveTests();
    redirect(testPage(id, kept ? 'kept' : 'not_running'));
  },
});
