import { z } from '@/lib/validation/zod';
import { fieldName } from '@/content/validation/field-labels';
import { type ContentProblem, quoted, throwProblems } from '@/content/validation/problems';
import { issueProblems } from '@/content/validation/zod-issues';

export { ContentError } from '@/content/validation/problems';

/**
 * Building blocks of the typed content (courses, events, pages). Content is validated when a page
 * module loads it and, before anything is compiled, by the content check `next build` starts with
 * (content/validation/check.ts): a broken entry fails the build with the file, the entry and the field,
 * in Russian. Our own messages here are Russian; zod's built-in ones are translated there.
 */

export const slugSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'только строчные латинские буквы и цифры, слова через один дефис (например, junior-js)');

export const textSchema = z.string().trim().min(1, 'не должно быть пустым');

/** A link inside the site: "/products/git", "/products#free", "/docs#privacy". */
export const internalHrefSchema = z
  .string()
  .regex(/^\/(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*)?(?:#[a-z0-9-]+)?$/, 'нужен путь на сайте вида /products/git или /docs#offer');

export const linkSchema = z.object({ label: textSchema, href: internalHrefSchema });

/** An image shipped in public/images; width and height are the file's own, for next/image. */
export const imageSchema = z.object({
  /** A file of /images/, or a picture uploaded in the console (served by GET /api/content-images/{id}). */
  src: z
    .string()
    .regex(
      /^(?:\/images\/[a-z0-9/-]+\.(?:webp|png)|\/api\/content-images\/\d+)$/,
      'нужен файл .webp или .png из /images/ (строчные латинские буквы, цифры, дефисы)',
    ),
  alt: textSchema,
  width: z.int().positive(),
  height: z.int().positive(),
});

export const faqItemSchema = z.object({ question: textSchema, answer: textSchema });

export const titledTextSchema = z.object({ title: textSchema, text: textSchema });

/**
 * What a page's lead form sends (its lead form config and analytics event): the form id the server
 * accepts (registered in content/lead-forms.ts), the product name and the analytics event.
 */
export const formSettingsSchema = z.object({
  formId: slugSchema,
  productName: z.string().regex(/^[a-z0-9_]+$/, 'только строчные латинские буквы, цифры и подчёркивания'),
  event: z.enum(['lead', 'application']),
});
export type FormSettings = z.infer<typeof formSettingsSchema>;

/** The heading and description above a page's lead form. */
export const leadFormTextSchema = z.object({ heading: textSchema, description: textSchema });
export type LeadFormText = z.infer<typeof leadFormTextSchema>;

/** Where a collection's entries are written and what one entry is called: `{ file: 'content/events.ts', kind: 'событие' }`. */
export interface EntrySource {
  /** Repository-relative file, or a function of the entry when a collection spans several files… */
  file: string | ((entry: unknown) => string);
  /** …which then live in this folder (named when two files repeat a value). */
  folder?: string;
  /** The entry's noun in Russian, for messages: «курс», «событие», «страница». */
  kind: string;
}

/**
 * Parses every entry of a content collection and reports all broken ones at once, in Russian, e.g.
 * `content/courses/professions.ts, курс «junior-js», тариф 2, поле «цена» (price): должно быть не меньше 0; сейчас -5`.
 */
export function parseEntries<Schema extends z.ZodType>(source: EntrySource, schema: Schema, entries: readonly unknown[]): z.output<Schema>[] {
  const problems: ContentProblem[] = [];
  const parsed = entries.map((entry, index) => {
    const result = schema.safeParse(entry);
    if (result.success) return result.data;
    problems.push(...issueProblems(result.error, entry, { file: fileOf(source, entry), entry: entryLabel(source.kind, entry, index) }));
    return undefined;
  });
  throwProblems(problems);
  return parsed as z.output<Schema>[];
}

/** Fails when two entries of a collection share a value that must be unique (slug, path, form id). */
export function assertUnique(source: EntrySource, field: string, values: readonly string[]): void {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const value of values) (seen.has(value) ? duplicates : seen).add(value);
  throwProblems(
    [...duplicates].map((value) => ({
      file: typeof source.file === 'string' ? source.file : (source.folder ?? 'content/'),
      entry: `${source.kind} ${quoted(value)}`,
      field: fieldName(field),
      message: `значение ${quoted(value)} встречается дважды, а должно быть у каждой записи своё`,
    })),
  );
}

/** `курс «junior-js»`: an entry by its slug, id, path or title, else by its position from 1. */
export function entryLabel(kind: string, entry: unknown, index?: number): string {
  const record = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : {};
  const name = [record.slug, record.id, record.path, record.title].find((value) => typeof value === 'string' && value.trim() !== '');
  if (name !== undefined) return `${kind} ${quoted(name)}`;
  return index === undefined ? kind : `${kind} №${index + 1}`;
}

function fileOf(source: EntrySource, entry: unknown): string {
  return typeof source.file === 'string' ? source.file : source.file(entry);
}
