import { type CoursePageEntry, coursePages, courses } from '@/content/courses';
import { events } from '@/content/events';
import { assertUnique, type EntrySource, parseEntries } from '@/content/shared/schema';
import { fieldName } from '@/content/validation/field-labels';
import { quoted, throwProblems } from '@/content/validation/problems';
import { aboutPage } from './about';
import { homeContent, homeSchema } from './home';
import { type InfoPage, infoPageSchema } from './schema';
import { welcomePages } from './welcome';

export type { InfoPage, PageSection, Person } from './schema';
export type { HomeContent } from './home';

/**
 * Validated static pages. Course slugs and event slugs they mention are checked here, so a renamed
 * course fails the build instead of leaving a broken card.
 */
const pageSource: EntrySource = {
  file: (entry) => (entry === aboutPage ? 'content/pages/about.ts' : 'content/pages/welcome.ts'),
  kind: 'страница',
};
const [about, ...welcome] = parseEntries(pageSource, infoPageSchema, [aboutPage, ...welcomePages]) as [InfoPage, ...InfoPage[]];
assertUnique(
  pageSource,
  'path',
  [about, ...welcome].map((page) => page.path),
);
for (const page of [about, ...welcome]) {
  const file = page.path === aboutPage.path ? 'content/pages/about.ts' : 'content/pages/welcome.ts';
  for (const section of page.sections) {
    if (section.kind === 'courses') assertCourses({ file, entry: `страница ${quoted(page.path)}` }, section.slugs);
  }
}

export const aboutInfoPage: InfoPage = about;

/** The edu-* and study-developer-* pages, served by the top-level [page] route. */
export const welcomeInfoPages: readonly InfoPage[] = welcome;

/**
 * Pages served by the top-level dynamic route `app/(site)/[page]`: the welcome pages and the course
 * variants placed as `{course path}-{variant}` (/frontend-developer-tg). Next.js has no segment that is
 * half fixed, half dynamic, so one whitelisted `[page]` segment serves them; every other top-level path
 * has its own folder, which takes precedence, and anything else is a 404.
 */
export type TopLevelPage = { kind: 'info'; page: InfoPage } | { kind: 'course'; entry: CoursePageEntry };

export const topLevelPages: readonly TopLevelPage[] = [
  ...welcomeInfoPages.map((page): TopLevelPage => ({ kind: 'info', page })),
  ...coursePages()
    .filter((entry) => entry.variant?.placement === 'suffix')
    .map((entry): TopLevelPage => ({ kind: 'course', entry })),
];
assertUnique({ file: 'content/', kind: 'страница верхнего уровня' }, 'path', topLevelPages.map(topLevelPath));

export function topLevelPath(target: TopLevelPage): string {
  return target.kind === 'info' ? target.page.path : target.entry.path;
}

export function topLevelPageAt(path: string): TopLevelPage | undefined {
  return topLevelPages.find((target) => topLevelPath(target) === path);
}

const homeFile = 'content/pages/home.ts';
export const home = parseEntries({ file: homeFile, kind: 'главная страница' }, homeSchema, [homeContent])[0]!;
for (const block of ['professions', 'skills', 'free'] as const)
  assertCourses({ file: homeFile, entry: `главная страница, блок «${block}»` }, home[block].slugs);
throwProblems(
  home.events.slugs
    .filter((slug) => !events.some((event) => event.slug === slug))
    .map((slug) => ({
      file: homeFile,
      entry: 'главная страница, блок «events»',
      field: fieldName('slugs'),
      message: `нет события ${quoted(slug)} в content/events.ts`,
    })),
);

function assertCourses(where: { file: string; entry: string }, slugs: readonly string[]): void {
  throwProblems(
    slugs
      .filter((slug) => !courses().some((course) => course.slug === slug))
      .map((slug) => ({ ...where, field: fieldName('slugs'), message: `нет курса ${quoted(slug)} в content/courses/` })),
  );
}
