import { z } from 'zod';

/**
 * Building blocks of the typed content (courses, events, pages). Content is validated when a page
 * module loads it, which happens while `next build` pre-renders: a broken entry fails the build with
 * a message that names the entry and the field.
 */

export const slugSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lowercase latin letters and digits joined by single hyphens');

export const textSchema = z.string().trim().min(1, 'must not be empty');

/** A link inside the site: "/products/git", "/products#free", "/docs#privacy". */
export const internalHrefSchema = z
  .string()
  .regex(/^\/(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*)?(?:#[a-z0-9-]+)?$/, 'must be a site path like /products/git or /docs#offer');

export const linkSchema = z.object({ label: textSchema, href: internalHrefSchema });

/** An image shipped in public/images; width and height are the file's own, for next/image. */
export const imageSchema = z.object({
  src: z.string().regex(/^\/images\/[a-z0-9/-]+\.(?:webp|png)$/, 'must be a .webp or .png file under /images/'),
  alt: textSchema,
  width: z.int().positive(),
  height: z.int().positive(),
});

export const faqItemSchema = z.object({ question: textSchema, answer: textSchema });

export const titledTextSchema = z.object({ title: textSchema, text: textSchema });

/**
 * What a page's lead form sends (spec 3 "Lead form config", spec 7 analytics): the form id the server
 * accepts (registered in content/lead-forms.ts), the product name and the analytics event.
 */
export const formSettingsSchema = z.object({
  formId: slugSchema,
  productName: z.string().regex(/^[a-z0-9_]+$/, 'must be lowercase latin letters, digits and underscores'),
  event: z.enum(['lead', 'application']),
});
export type FormSettings = z.infer<typeof formSettingsSchema>;

/** The heading and description above a page's lead form. */
export const leadFormTextSchema = z.object({ heading: textSchema, description: textSchema });
export type LeadFormText = z.infer<typeof leadFormTextSchema>;

export class ContentError extends Error {
  override name = 'ContentError';
}

/**
 * Parses every entry of a content collection and reports all broken ones at once, e.g.
 * `course "junior-js", field "tariffs.0.price": Too small: expected number to be >=0`.
 */
export function parseEntries<Schema extends z.ZodType>(
  kind: string,
  schema: Schema,
  entries: readonly unknown[],
): z.output<Schema>[] {
  const problems: string[] = [];
  const parsed = entries.map((entry, index) => {
    const result = schema.safeParse(entry);
    if (result.success) return result.data;
    const name = entryName(entry) ?? `#${index + 1}`;
    for (const issue of result.error.issues) {
      problems.push(`${kind} "${name}", field "${issue.path.join('.') || '(entry)'}": ${issue.message}`);
    }
    return undefined;
  });
  if (problems.length > 0) throw new ContentError(`Invalid content:\n  ${problems.join('\n  ')}`);
  return parsed as z.output<Schema>[];
}

/** Fails when two entries of a collection share a value that must be unique (slug, path, form id). */
export function assertUnique(kind: string, field: string, values: readonly string[]): void {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const value of values) (seen.has(value) ? duplicates : seen).add(value);
  if (duplicates.size > 0) {
    throw new ContentError(`Invalid content: ${kind} ${field} must be unique, repeated: ${[...duplicates].join(', ')}`);
  }
}

function entryName(entry: unknown): string | undefined {
  if (typeof entry !== 'object' || entry === null) return undefined;
  const record = entry as Record<string, unknown>;
  const name = record.slug ?? record.id ?? record.path;
  return typeof name === 'string' ? name : undefined;
}
