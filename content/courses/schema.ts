import { z } from '@/lib/validation/zod';
import {
  faqItemSchema,
  formSettingsSchema,
  imageSchema,
  internalHrefSchema,
  leadFormTextSchema,
  slugSchema,
  textSchema,
  titledTextSchema,
} from '@/content/shared/schema';

/** A price plan. Monthly plans show the monthly instalment ("6 710 ₽/мес.") and the number of months. */
export const tariffSchema = z
  .object({
    name: textSchema,
    description: textSchema,
    price: z.int().nonnegative(),
    oldPrice: z.int().positive().optional(),
    monthly: z.boolean(),
    months: z.int().min(2).max(36).optional(),
    features: z.array(textSchema).min(1),
    recommended: z.boolean().default(false),
  })
  .refine((tariff) => tariff.oldPrice === undefined || tariff.oldPrice > tariff.price, {
    message: 'зачёркнутая цена должна быть выше цены тарифа',
    path: ['oldPrice'],
  })
  .refine((tariff) => tariff.monthly === (tariff.months !== undefined), {
    message: 'у тарифа с оплатой помесячно (monthly: true) укажите число месяцев, у разовой оплаты — не указывайте',
    path: ['months'],
  });
export type Tariff = z.infer<typeof tariffSchema>;

export const moduleSchema = z.object({
  title: textSchema,
  duration: textSchema,
  topics: z.array(textSchema).min(2),
  project: textSchema.optional(),
});
export type CourseModule = z.infer<typeof moduleSchema>;

/**
 * A campaign landing's own first screen. Every field is optional and replaces the course's own:
 * `headline` the h1 (the course title), `lead` the paragraph under it, `cta` and `programCta` the two
 * buttons, `priceLine` the price next to them (written as shown, e.g. "от 3 990 ₽/мес. до 1 марта"),
 * `image` the picture. Strict: a misspelt field is an error, not a silently ignored line.
 */
export const landingHeroSchema = z
  .strictObject({
    eyebrow: textSchema.max(60).optional(),
    headline: textSchema.max(120).optional(),
    lead: textSchema.max(400).optional(),
    cta: textSchema.max(40).optional(),
    programCta: textSchema.max(40).optional(),
    priceLine: textSchema.max(80).optional(),
    image: imageSchema.optional(),
  })
  .refine((hero) => Object.values(hero).some((value) => value !== undefined), {
    message: 'must override at least one field (eyebrow, headline, lead, cta, programCta, priceLine, image)',
  });
export type LandingHero = z.infer<typeof landingHeroSchema>;

/**
 * A copy of a course page for one traffic source (a pop-up, a campaign): same content unless its `hero`
 * or `leadForm` say otherwise, never indexed, its own form id (`{course form id}-{variant id}` unless set)
 * so leads show where they came from. `nested` lives at {course path}/{id}, `suffix` at {course path}-{id}.
 */
export const variantSchema = z.object({
  id: slugSchema,
  placement: z.enum(['nested', 'suffix']).default('nested'),
  /**
   * The campaign that sends visitors here, for the marketing team (not shown on the page): the console
   * names the landing by it («Лендинг «Реклама в Telegram-каналах» курса «…»»), so it is short and says
   * what the page is for in the team's words, never a pop-up's text (that changes in the console).
   */
  purpose: textSchema.max(60),
  formId: slugSchema.optional(),
  /** A campaign landing's first screen; without it the page shows the course's. */
  hero: landingHeroSchema.optional(),
  leadForm: leadFormTextSchema.optional(),
  /** The page-bound pop-up this page carries: a `pageMarker` of content/popups.ts. */
  popupMarker: slugSchema.optional(),
});
export type CourseVariant = z.infer<typeof variantSchema>;

export const courseCategories = ['profession', 'skill', 'free'] as const;
export type CourseCategory = (typeof courseCategories)[number];

export const courseSchema = z
  .object({
    slug: slugSchema,
    /** Where the base page lives: /products/{slug}, or a top-level path such as /frontend-developer. */
    path: internalHrefSchema,
    category: z.enum(courseCategories),
    title: textSchema,
    /** One or two sentences for cards, the meta description and Open Graph. */
    summary: textSchema.max(200, 'не длиннее 200 символов: это описание для поисковиков (meta description)'),
    image: imageSchema,
    /** A short label on the card and in the hero: "Хит", "Новый поток", "Бесплатно". */
    badge: textSchema.optional(),
    facts: z
      .array(z.object({ label: textSchema, value: textSchema }))
      .min(2)
      .max(5),
    hero: z.object({ eyebrow: textSchema, lead: textSchema, cta: textSchema }),
    audience: z.array(titledTextSchema).min(2),
    modules: z.array(moduleSchema).min(1),
    outcomes: z.array(textSchema).min(3),
    tools: z.array(textSchema).min(2),
    tariffs: z.array(tariffSchema).min(1).max(4),
    faq: z.array(faqItemSchema).min(3),
    form: formSettingsSchema,
    leadForm: leadFormTextSchema,
    variants: z.array(variantSchema).default([]),
  })
  .refine((course) => course.path === `/products/${course.slug}` || course.path === `/${course.slug}`, {
    message: 'путь курса — /products/{slug} или /{slug}, где slug — адрес курса',
    path: ['path'],
  })
  .refine((course) => course.tariffs.filter((tariff) => tariff.recommended).length <= 1, {
    message: 'рекомендуемым (recommended: true) может быть только один тариф',
    path: ['tariffs'],
  })
  .refine((course) => course.path === `/${course.slug}` || course.variants.every((variant) => variant.placement === 'nested'), {
    message: "варианты с placement: 'suffix' бывают только у курса с путём /{slug}",
    path: ['variants'],
  })
  .refine((course) => new Set(course.variants.map((variant) => variant.id)).size === course.variants.length, {
    message: 'у каждого варианта курса свой id, а здесь id повторяется',
    path: ['variants'],
  });
export type Course = z.infer<typeof courseSchema>;
/** What a course file writes: defaults (recommended, placement, variants) may be left out. */
export type CourseInput = z.input<typeof courseSchema>;
