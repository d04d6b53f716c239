import { courses } from '@/content/courses';
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

export function welcomePageAt(path: string): InfoPage | undefined {
  return welcomeInfoPages.find((page) => page.path === path);
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
