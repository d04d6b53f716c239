import { type CoursePageEntry, coursePages, courses } from '@/content/courses';
import { events } from '@/content/events';
import { assertUnique, ContentError, parseEntries } from '@/content/shared/schema';
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
const [about, ...welcome] = parseEntries('page', infoPageSchema, [aboutPage, ...welcomePages]) as [InfoPage, ...InfoPage[]];
assertUnique('page', 'path', [about, ...welcome].map((page) => page.path));
for (const page of [about, ...welcome]) {
  for (const section of page.sections) {
    if (section.kind === 'courses') assertCourses(`page "${page.path}"`, 'sections.courses.slugs', section.slugs);
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
assertUnique('top-level page', 'path', topLevelPages.map(topLevelPath));

export function topLevelPath(target: TopLevelPage): string {
  return target.kind === 'info' ? target.page.path : target.entry.path;
}

export function topLevelPageAt(path: string): TopLevelPage | undefined {
  return topLevelPages.find((target) => topLevelPath(target) === path);
}

export const home = parseEntries('page', homeSchema, [homeContent])[0]!;
for (const block of ['professions', 'skills', 'free'] as const) assertCourses('home page', `${block}.slugs`, home[block].slugs);
for (const slug of home.events.slugs) {
  if (!events.some((event) => event.slug === slug)) throw new ContentError(`Invalid content:\n  home page, field "events.slugs": no event "${slug}"`);
}

function assertCourses(entry: string, field: string, slugs: readonly string[]): void {
  for (const slug of slugs) {
    if (!courses.some((course) => course.slug === slug)) throw new ContentError(`Invalid content:\n  ${entry}, field "${field}": no course "${slug}"`);
  }
}
