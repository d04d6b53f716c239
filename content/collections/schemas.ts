import { z } from '@/lib/validation/zod';
import { courses } from '@/content/courses';
import { staff } from '@/content/staff';
import { mediaCategories } from '@/content/media/categories';
import { storyCategories } from '@/content/stories/categories';
import { calendarDateMessage, isCalendarDate } from '@/lib/calendar';

/**
 * Front matter of every collection file. Objects are strict, so a misspelt field name fails the build
 * instead of being silently ignored. Messages of our own rules are Russian; zod's built-in ones are
 * translated by content/validation/zod-issues.ts.
 */

/** Ids, aliases and category slugs are URL segments: lowercase Latin letters, digits, single hyphens. */
export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const slugSchema = z.string().regex(slugPattern, 'только строчные латинские буквы и цифры, слова через один дефис');

const text = (max: number) => z.string().trim().min(1).max(max);

/** Short enough to show whole in search results. */
const description = text(220);

/**
 * A calendar day, quoted or not: front matter is read as YAML 1.2 (collections/load.ts), which keeps
 * `2025-03-14` as the text written, so `2026-11-31` is refused rather than turned into 1 December.
 */
const calendarDate = z.string().refine(isCalendarDate, calendarDateMessage);

const order = z.int().positive();

/** A course the page recommends, by its slug in the course registry (content/courses.ts). */
const courseSlug = z.enum(
  courses().map((course) => course.slug),
  'нет такого курса: нужен slug курса из content/courses/ (например, junior-js)',
);

const relatedIds = z.array(slugSchema).max(6).default([]);

/** A category by its slug in the section's list; the message names the list and where it lives. */
function categorySlug(categories: readonly { slug: string }[], file: string) {
  const slugs = categories.map((category) => category.slug);
  return z.enum(slugs as [string, ...string[]], `нет такой категории; есть: ${slugs.join(', ')}. Новая категория добавляется в ${file}`);
}

export const roadmapSchema = z.strictObject({
  title: text(120),
  description,
  order,
  course: courseSlug.optional(),
});

export const topicSchema = z.strictObject({
  title: text(120),
  description,
  order,
});

export const roadmapArticleSchema = z.strictObject({
  title: text(120),
  description,
  order,
  publishedAt: calendarDate,
  updatedAt: calendarDate.optional(),
});

export const mediaArticleSchema = z.strictObject({
  title: text(120),
  description,
  category: categorySlug(mediaCategories, 'content/media/categories.ts'),
  /** The author by slug in the staff list (content/staff.ts), which gives the name and the role. */
  author: z.enum(
    staff.map((person) => person.slug),
    `нет такого сотрудника; есть: ${staff.map((person) => person.slug).join(', ')} (список — content/staff.ts)`,
  ),
  publishedAt: calendarDate,
  updatedAt: calendarDate.optional(),
  tags: z.array(text(40)).max(8).default([]),
  related: relatedIds,
  /** A cover over the article: a picture of /images/ or one uploaded in the console (/api/content-images/{id}). */
  cover: z
    .strictObject({
      src: z.string().regex(/^(?:\/images\/[a-z0-9/-]+\.(?:webp|png|jpg)|\/api\/content-images\/\d+)$/, 'нужна картинка из /images/ или загруженная в консоли'),
      width: z.int().positive(),
      height: z.int().positive(),
    })
    .optional(),
});

export const storySchema = z.strictObject({
  title: text(120),
  description,
  category: categorySlug(storyCategories, 'content/stories/categories.ts'),
  student: z.strictObject({
    name: text(60),
    city: text(60).optional(),
    before: text(120),
    after: text(120),
  }),
  /** One sentence from the student, shown as the pull quote on cards and on the page. */
  quote: text(300),
  course: courseSlug,
  publishedAt: calendarDate,
  related: relatedIds,
});
