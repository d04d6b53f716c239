import { z } from 'zod';
import { courses } from '@/content/courses';
import { staff } from '@/content/staff';
import { mediaCategories, storyCategories } from './categories';

/**
 * Front matter of every collection file. Objects are strict, so a misspelt field name fails the build
 * instead of being silently ignored.
 */

/** Ids, aliases and category slugs are URL segments: lowercase Latin letters, digits, single hyphens. */
export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const slugSchema = z.string().regex(slugPattern, 'must be lowercase Latin letters, digits and single hyphens');

const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);

/** Short enough to show whole in search results. */
const description = text(220);

/**
 * YAML turns an unquoted 2025-03-14 into a Date at midnight UTC; a quoted one stays a string.
 * Both mean the same calendar day, which is what we keep.
 */
const calendarDate = z.preprocess(
  (value) => (value instanceof Date && !Number.isNaN(value.getTime()) ? value.toISOString().slice(0, 10) : value),
  z.iso.date('must be a date YYYY-MM-DD'),
);

const order = z.number().int('must be an integer').positive('must be positive');

/** A course the page recommends, by its slug in the course registry (content/courses.ts). */
const courseSlug = z.enum(courses.map((course) => course.slug));

const relatedIds = z.array(slugSchema).max(6, 'at most 6 links').default([]);

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
  category: z.enum(mediaCategories.map((category) => category.slug)),
  /** The author by slug in the staff list (content/staff.ts), which gives the name and the role. */
  author: z.enum(staff.map((person) => person.slug)),
  publishedAt: calendarDate,
  updatedAt: calendarDate.optional(),
  tags: z.array(text(40)).max(8).default([]),
  related: relatedIds,
});

export const storySchema = z.strictObject({
  title: text(120),
  description,
  category: z.enum(storyCategories.map((category) => category.slug)),
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
