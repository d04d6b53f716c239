import { pageTestOriginal } from '@/components/content/first-screen';
import { coursePageAt } from '@/content/courses';
import { pageLabel, popupName } from '@/content/names';
import { requireOperator } from '@/server/admin/session';
import { pageTestResults, splitTestView } from '@/server/experiments/report';
import { isLearnedElement, learnedEntries, learnedSubjects, searchLearned, type LearnedSearch } from './entries';
import { popupTests } from '@/server/experiments/subjects/popup';
import { pageTests } from '@/server/experiments/subjects/page';

const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value : '');

/** «Что мы узнали»: every finished pop-up and page test as an entry, searched by `?subject=` and `?element=`. */
export async function loadLearnedPage(params: Record<string, string | string[] | undefined>) {
  const { runtime, now } = await requireOperator();
  const [finishedPopupTests, finishedPageTests] = await Promise.all([popupTests(runtime.repos).finished(), pageTests(runtime.repos).finished()]);
  const entries = learnedEntries([
    ...(await Promise.all(
      finishedPopupTests.map(async (test) => ({
        kind: 'popup' as const,
        test,
        name: popupName(test.popupId),
        report: (await splitTestView(runtime.repos, test, now)).report,
      })),
    )),
    ...(await Promise.all(
      finishedPageTests.map(async (test) => {
        const { leads, revenue } = await pageTestResults(runtime.repos, test);
        return {
          kind: 'page' as const,
          test,
          name: pageLabel(test.pagePath),
          original: pageTestOriginal(coursePageAt(test.pagePath)),
          leads,
          revenue: revenue.slice(1).map((variant) => variant.comparison),
          payments: revenue.reduce((sum, variant) => sum + variant.payments, 0),
        };
      }),
    )),
  ]);
  const element = one(params.element);
  const search: LearnedSearch = { subject: one(params.subject), element: isLearnedElement(element) ? element : '' };
  return { total: entries.length, entries: searchLearned(entries, search), subjects: learnedSubjects(entries), search };
}

export type LearnedPageData = Awaited<ReturnType<typeof loadLearnedPage>>;
