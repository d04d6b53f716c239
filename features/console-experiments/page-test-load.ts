import { pageTestOriginal } from '@/components/content/first-screen';
import { coursePageAt, coursePages } from '@/content/courses';
import { isSecretPage, pageLabel } from '@/content/names';
import { moscowToday } from '@/lib/calendar';
import { requireOperator } from '@/server/admin/session';
import { pageTestResults } from '@/server/experiments/report';
import { pageTests } from '@/server/experiments/subjects/page';

/** A page a test may run on: a course page or a campaign landing (never a secret page, such as the gift page). */
export interface TestablePage {
  path: string;
  /** Its name (content/names.ts): the course, a landing by its campaign, so the course's pages are told apart. */
  name: string;
  /** Its tariffs' names, in the page's order («Цена на первом месте»). */
  tariffs: string[];
}

export function testablePages(): TestablePage[] {
  return coursePages()
    .filter((page) => !isSecretPage(page.path))
    .map((page) => ({ path: page.path, name: pageLabel(page.path), tariffs: page.course.tariffs.map((tariff) => tariff.name) }));
}

/** «Тесты страниц»: every test, newest first. */
export async function loadPageTestsPage() {
  const { runtime } = await requireOperator();
  return { tests: await pageTests(runtime.repos).list() };
}

/** «Новый тест страницы»: the pages to choose from. */
export async function loadNewPageTest() {
  await requireOperator();
  return { pages: testablePages() };
}

/** One test: its variants, its results and what of its traffic went uncounted. */
export async function loadPageTest(id: string) {
  const { runtime, now } = await requireOperator();
  const test = await pageTests(runtime.repos).get(id);
  if (!test) return null;
  const page = testablePages().find((candidate) => candidate.path === test.pagePath) ?? { path: test.pagePath, name: pageLabel(test.pagePath), tariffs: [] };
  const results = test.status === 'draft' ? null : await pageTestResults(runtime.repos, test);
  const original = pageTestOriginal(coursePageAt(test.pagePath));
  const traffic = test.startedAt
    ? await runtime.repos.traffic.totals('test', moscowToday(new Date(test.startedAt)), moscowToday(new Date(test.stoppedAt ?? now)), test.id)
    : [];
  return { test, page, original, results, traffic, now };
}

export type PageTestData = NonNullable<Awaited<ReturnType<typeof loadPageTest>>>;
