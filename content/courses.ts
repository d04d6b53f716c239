import { withContentFixtures } from './courses/fixtures';
import { freeCourses } from './courses/free';
import { giftPopupToken } from './courses/gift-popup';
import { professionCourses } from './courses/professions';
import { type Course, type CourseCategory, type CourseVariant, courseSchema } from './courses/schema';
import { skillCourses } from './courses/skills';
import { assertUnique, type EntrySource, type FormSettings, type LeadFormText, parseEntries } from './shared/schema';
import { throwProblems } from './validation/problems';
import { resolveCoursePrices } from './validation/price-texts';

export type { Course, CourseCategory, CourseModule, CourseVariant, LandingHero, Tariff } from './courses/schema';

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
 * Every course of the school, validated when a page first imports this module (that is, during
 * `next build`): a broken entry stops the build with the course slug and the field. A test build
 * (CONTENT_FIXTURES=e2e) adds the test-only entries of ./courses/fixtures.ts.
 */
export const courses: readonly Course[] = parseCourses(
  withContentFixtures([...professionCourses, ...skillCourses, ...freeCourses], process.env.CONTENT_FIXTURES),
);

export function parseCourses(entries: readonly unknown[]): Course[] {
  // Prices in the texts are references to the tariffs (lib/price-references.ts), written in here.
  // A reference to a course not among `entries` (a test parsing one course) reads the catalogue's tariffs.
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
  return courses.find((course) => course.slug === slug);
}

export function coursesIn(category: CourseCategory): Course[] {
  return courses.filter((course) => course.category === category);
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
  return courses.flatMap(pagesOf);
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
