import { withContentFixtures } from './courses/fixtures';
import { freeCourses } from './courses/free';
import { giftPopupToken } from './courses/gift-popup';
import { professionCourses } from './courses/professions';
import { type Course, type CourseCategory, type CourseInput, type CourseVariant, courseSchema } from './courses/schema';
import { skillCourses } from './courses/skills';
import { assertUnique, type EntrySource, type FormSettings, type LeadFormText, parseEntries } from './shared/schema';
import { type LiveTariffPrice, liveContent } from './live/state';
import { ContentError, throwProblems } from './validation/problems';
import { resolveCoursePrices } from './validation/price-texts';

export type { Course, CourseCategory, CourseInput, CourseModule, CourseVariant, LandingHero, Tariff } from './courses/schema';

const courseFiles = [
  { file: 'content/courses/professions.ts', entries: professionCourses },
  { file: 'content/courses/skills.ts', entries: skillCourses },
  { file: 'content/courses/free.ts', entries: freeCourses },
];

/** The file that writes a course (by its slug), for error messages. */
function courseFile(entry: unknown): string {
  const slug = (entry as { slug?: unknown } | null)?.slug;
  return courseFiles.find(({ entries }) => entries.some((course) => course.slug === slug))?.file ?? 'content/courses/';
}

const courseSource: EntrySource = { file: courseFile, folder: 'content/courses/', kind: 'курс' };
const coursePageSource: EntrySource = { file: 'content/courses/', kind: 'страница курса' };

/**
 * Every course as its file writes it (a test build, CONTENT_FIXTURES=e2e, adds the test-only entries of
 * ./courses/fixtures.ts), before the console's prices are laid over it.
 */
export const courseEntries: readonly CourseInput[] = withContentFixtures([...professionCourses, ...skillCourses, ...freeCourses], process.env.CONTENT_FIXTURES);

/**
 * The files' courses, validated when a page first imports this module (that is, during `next build`): a
 * broken entry stops the build with the course slug and the field.
 */
const fileCourses: readonly Course[] = parseCourses(courseEntries);

let live: { generation: string; courses: readonly Course[] } | undefined;

/**
 * Every course of the school as the site shows it now: the files' courses with the prices the console
 * saved and are in effect (content/live/state.ts) laid over their tariffs, every price reference of the
 * texts written from them. The same as the files' while the state is empty (the build, CLIs, unit tests).
 * Parsed once per generation of the state.
 */
export function courses(): readonly Course[] {
  const { generation, prices } = liveContent();
  if (generation === '' || Object.keys(prices).length === 0) return fileCourses;
  if (live?.generation !== generation) live = { generation, courses: coursesWithPrices(prices) };
  return live.courses;
}

/**
 * The courses with `prices` laid over the files' tariffs. The console checks a save with these very rules
 * (content/validation/course-prices.ts), so they hold; a release that changed a course's tariffs since
 * makes its saved prices stale: that course keeps the file's (withPrices), and should the whole still not
 * parse, the site shows the files' prices rather than no courses at all.
 */
function coursesWithPrices(prices: Readonly<Record<string, readonly LiveTariffPrice[]>>): readonly Course[] {
  try {
    return parseCourses(withPrices(courseEntries, prices));
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    console.error(`Цены из консоли не подошли к курсам этого выпуска, на сайте цены из файлов.\n${error.message}`);
    return fileCourses;
  }
}

/**
 * The entries with each course's tariff figures (price, struck-out price, months) replaced by `prices`'
 * for that course, tariff by tariff in order; a course whose number of tariffs differs from the saved
 * figures' (a release added or removed one) keeps its own.
 */
export function withPrices(entries: readonly CourseInput[], prices: Readonly<Record<string, readonly LiveTariffPrice[]>>): CourseInput[] {
  return entries.map((entry) => {
    const figures = Object.hasOwn(prices, entry.slug) ? prices[entry.slug] : undefined;
    if (!figures || figures.length !== entry.tariffs.length) return entry;
    return {
      ...entry,
      tariffs: entry.tariffs.map((tariff, index) => {
        const { price, oldPrice, months } = figures[index]!;
        return { ...tariff, price, oldPrice, months };
      }),
    };
  });
}

export function parseCourses(entries: readonly unknown[]): Course[] {
  // Prices in the texts are references to the tariffs (lib/price-references.ts), written in here.
  // A reference to a course not among `entries` (a test parsing one course) reads the files' tariffs.
  const catalogue = [...professionCourses, ...skillCourses, ...freeCourses].map(({ slug, tariffs }) => ({ slug, tariffs: tariffs ?? [] }));
  const { courses: parsed, problems } = resolveCoursePrices(parseEntries(courseSource, courseSchema, entries), courseFile, catalogue);
  throwProblems(problems);
  assertUnique(
    courseSource,
    'slug',
    parsed.map((course) => course.slug),
  );
  const pages = parsed.flatMap(pagesOf);
  assertUnique(
    coursePageSource,
    'path',
    pages.map((page) => page.path),
  );
  assertUnique(
    coursePageSource,
    'formId',
    pages.map((page) => page.form.formId),
  );
  return parsed;
}

/** The sections of /products, in page order; `anchor` is the section id (#professions, #free). */
export const courseCategorySections: readonly { category: CourseCategory; anchor: string; title: string; description: string }[] = [
  {
    category: 'profession',
    anchor: 'professions',
    title: 'Профессии',
    description: 'Большие программы, которые ведут от нуля или уровня junior до работы: с наставником, проектами и помощью в трудоустройстве.',
  },
  {
    category: 'skill',
    anchor: 'skills',
    title: 'Курсы и интенсивы',
    description: 'Короткие курсы по одной технологии — чтобы закрыть пробел, подготовиться к собеседованию или вырасти до следующего уровня.',
  },
  {
    category: 'free',
    anchor: 'free',
    title: 'Бесплатно',
    description: 'Курсы, интенсивы и консультация без оплаты — попробуйте профессию, прежде чем решаться.',
  },
];

export function getCourse(slug: string): Course | undefined {
  return courses().find((course) => course.slug === slug);
}

export function coursesIn(category: CourseCategory): Course[] {
  return courses().filter((course) => course.category === category);
}

/** One rendered course page: the base page or one of its variants, with the form it carries. */
export interface CoursePageEntry {
  path: string;
  course: Course;
  variant?: CourseVariant;
  form: FormSettings;
  leadForm: LeadFormText;
}

export function coursePages(): CoursePageEntry[] {
  return courses().flatMap(pagesOf);
}

export function coursePageAt(path: string): CoursePageEntry | undefined {
  return coursePages().find((page) => page.path === path);
}

/** The junior-js page the gift pop-up shows on; its segment comes from GIFT_POPUP_TOKEN. */
export const giftPopupPath = `/products/junior-js/${giftPopupToken}`;

/** Where a variant lives: {course path}/{id} (`nested`) or {course path}-{id} (`suffix`). */
export function variantPath(course: Pick<Course, 'path'>, variant: Pick<CourseVariant, 'id' | 'placement'>): string {
  return variant.placement === 'suffix' ? `${course.path}-${variant.id}` : `${course.path}/${variant.id}`;
}

function pagesOf(course: Course): CoursePageEntry[] {
  const base: CoursePageEntry = { path: course.path, course, form: course.form, leadForm: course.leadForm };
  const variants = course.variants.map((variant): CoursePageEntry => ({
    path: variantPath(course, variant),
    course,
    variant,
    form: { ...course.form, formId: variant.formId ?? `${course.form.formId}-${variant.id}` },
    leadForm: variant.leadForm ?? course.leadForm,
  }));
  return [base, ...variants];
}
