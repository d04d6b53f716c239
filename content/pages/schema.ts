import { z } from '@/lib/validation/zod';
import {
  faqItemSchema,
  formSettingsSchema,
  imageSchema,
  internalHrefSchema,
  leadFormTextSchema,
  linkSchema,
  slugSchema,
  textSchema,
  titledTextSchema,
} from '@/content/shared/schema';

/**
 * Text pages built from sections (about, the edu-* welcome pages, the study-developer-* pages):
 * one template, so every page gets the same headings, landmarks and spacing.
 */
const heading = textSchema;

export const personSchema = z.object({
  slug: slugSchema,
  name: textSchema,
  role: textSchema,
  bio: textSchema,
  image: imageSchema,
});
export type Person = z.infer<typeof personSchema>;

export const pageSectionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), heading, paragraphs: z.array(textSchema).min(1) }),
  z.object({ kind: z.literal('cards'), heading, intro: textSchema.optional(), items: z.array(titledTextSchema).min(2) }),
  z.object({ kind: z.literal('steps'), heading, intro: textSchema.optional(), items: z.array(titledTextSchema).min(2) }),
  z.object({ kind: z.literal('facts'), heading, items: z.array(z.object({ value: textSchema, label: textSchema })).min(2) }),
  z.object({ kind: z.literal('checklist'), heading, intro: textSchema.optional(), items: z.array(textSchema).min(2) }),
  z.object({ kind: z.literal('courses'), heading, intro: textSchema.optional(), slugs: z.array(slugSchema).min(1) }),
  z.object({ kind: z.literal('people'), heading, intro: textSchema.optional(), people: z.array(personSchema).min(1) }),
  z.object({ kind: z.literal('faq'), heading, items: z.array(faqItemSchema).min(2) }),
]);
export type PageSection = z.infer<typeof pageSectionSchema>;

export const infoPageSchema = z.object({
  path: internalHrefSchema,
  /** The h1. */
  title: textSchema,
  /** The <title>, when it should differ from the h1. */
  metaTitle: textSchema.optional(),
  description: textSchema.max(200, 'не длиннее 200 символов: это описание для поисковиков (meta description)'),
  eyebrow: textSchema,
  lead: textSchema,
  image: imageSchema.optional(),
  cta: linkSchema.optional(),
  sections: z.array(pageSectionSchema).min(2),
  leadForm: leadFormTextSchema.extend({ form: formSettingsSchema }).optional(),
});
export type InfoPage = z.infer<typeof infoPageSchema>;
export type InfoPageInput = z.input<typeof infoPageSchema>;

export function personImage(slug: string, name: string): Person['image'] {
  return { src: `/images/people/${slug}.webp`, alt: `Аватар: ${name}`, width: 256, height: 256 };
}

export { internalHrefSchema };
