import { z } from '@/lib/validation/zod';
import type { Course } from '@/content/courses';
import { type PopupConfig, popupId } from '@/content/popups';
import { matchesPattern, normalizePath } from '@/lib/path-patterns';
import { closestPath } from '@/lib/popups/edit-check';
import { hardCodedRoubles } from '@/lib/price-references';
import { hardCodedRoublesMessage, popupPriceProblemText } from './price-problems';
import { resolvePopupPrices, type PricedField } from '@/lib/popups/prices';
import { fieldPath } from './field-labels';
import { type ContentProblem, quoted } from './problems';
import { issueProblems } from './zod-issues';

/**
 * The checks of content/popups.ts, run by the content check before a build (the file itself ships to
 * the browser, so it carries no validation code). The targeting's path rules: a path starts at the site's root,
 * a `*` may only end it (a prefix), and every include and exclude pattern must reach at least one page of
 * the site, so a typo never silently targets nothing.
 */
export const popupsFile = 'content/popups.ts';

/** The same limit as the console's check (lib/popups/edit-check.ts). */
export { maxPopupDelayMs } from '@/lib/popups/limits';
import { maxPopupDelayMs } from '@/lib/popups/limits';
import { PATH_PATTERN_SHAPE } from '@/lib/path-patterns';

const text = z.string().trim().min(1);
const priceValue = z.union([z.int().nonnegative(), z.string().regex(/^\s*\{[^{}]*\}(?:\s*\+\s*\{[^{}]*\})*\s*$/)], {
  error: "цена — целое число рублей (990) или ссылка на цену курса в кавычках: '{цена advanced-js}'",
});
const marker = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'только строчные латинские буквы и цифры, слова через один дефис');

/** `/products/git`, `/products/middle-js/*`, `/*`. */
const pathPattern = z
  .string()
  .regex(
    PATH_PATTERN_SHAPE,
    'путь пишется от корня сайта, без пробелов, ? и #: /products/git; звёздочка — только в конце, «все страницы, которые начинаются так»: /products/middle-js/*',
  );

const targetingSchema = z.object({
  includePaths: z.array(pathPattern),
  excludePaths: z.array(pathPattern),
  pageMarker: marker.optional(),
  showDelayMs: z
    .int('задержка — целое число миллисекунд: 30000 — это 30 секунд')
    .min(0, 'задержка не может быть отрицательной: 0 — показать сразу, 30000 — через 30 секунд')
    .max(maxPopupDelayMs, `задержка — не больше ${maxPopupDelayMs} мс (10 минут): позже поп-ап почти никто не увидит`)
    .refine((delay) => delay <= 0 || delay >= 1000, {
      message: 'задержка меньше секунды — похоже, записаны секунды вместо миллисекунд: 15 секунд пишутся 15000, показать сразу — 0',
    }),
});

const contentSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('promo'),
    image: z.object({
      src: z.string().regex(/^\/images\/popups\/[a-z0-9-]+\.(?:png|webp)$/, 'нужен файл .png или .webp из /images/popups/'),
      width: z.int().positive(),
      height: z.int().positive(),
      alt: text,
    }),
    heading: text,
    text,
    actionLabel: text,
    actionHref: z.url({ protocol: /^https$/, error: 'нужна ссылка https://…' }),
  }),
  z.object({ kind: z.literal('discount'), title: text, text, submitLabel: text }),
  z.object({
    kind: z.literal('gift'),
    title: text,
    // A price is whole roubles, or the course price it repeats: '{цена advanced-js}' (looked up when shown).
    offer: z.strictObject({ price: priceValue, oldPrice: priceValue, condition: text }),
    submitLabel: text,
  }),
]);

const popupSchema = targetingSchema.extend({
  popupName: marker.optional(),
  content: contentSchema,
});

export interface PopupSite {
  /** Every page of the site (content/site-paths.ts `allPagePaths`). */
  paths: readonly string[];
  /** The pop-up markers pages declare (course variants' `popupMarker`). */
  markers: readonly string[];
  /** The courses, whose tariffs price references (`{цена advanced-js}`) name. */
  courses: readonly Course[];
}

/** Every problem of the pop-ups; paths, markers and tied prices are resolved when the site's pages are known. */
export function popupProblems(popups: readonly PopupConfig[], site?: PopupSite): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const seen = new Set<string>();
  popups.forEach((popup, index) => {
    const id = safeId(popup);
    const where = { file: popupsFile, entry: id ? `поп-ап ${quoted(id)}` : `поп-ап №${index + 1}` };
    const report = (field: string | undefined, message: string) => problems.push({ ...where, field, message });

    const parsed = popupSchema.safeParse(popup);
    if (!parsed.success) problems.push(...issueProblems(parsed.error, popup, where));
    if (id !== undefined) {
      if (seen.has(id))
        report(fieldPath(['popupName']), `имя ${quoted(id)} уже у другого поп-апа: у каждого своё (по нему запоминается, что посетитель закрыл поп-ап)`);
      seen.add(id);
    }
    if (!parsed.success) return;

    const { includePaths, excludePaths, pageMarker } = parsed.data;
    if (includePaths.length === 0 && pageMarker === undefined) {
      report(fieldPath(['includePaths']), 'поп-ап нигде не показывается: укажите хотя бы один путь (или метку страницы pageMarker)');
    }
    const content = parsed.data.content;
    const texts: [PropertyKey[], string][] = Object.entries(content).flatMap(([key, value]) =>
      typeof value === 'string' ? [[['content', key], value] as [PropertyKey[], string]] : [],
    );
    if (content.kind === 'gift') texts.push([['content', 'offer', 'condition'], content.offer.condition]);
    for (const [path, value] of texts) {
      for (const sum of hardCodedRoubles(value)) report(fieldPath(path), hardCodedRoublesMessage(sum));
    }
    if (!site) return;
    const priced = resolvePopupPrices({ ...(popup as PopupConfig), enabled: true, startsAt: null, endsAt: null }, site.courses);
    for (const problem of priced.problems) report(fieldPath(pricedFieldPath(content.kind, problem.field)), popupPriceProblemText(problem.problem));
    for (const [key, patterns] of [
      ['includePaths', includePaths],
      ['excludePaths', excludePaths],
    ] as const) {
      patterns.forEach((pattern, position) => {
        if (!site.paths.some((path) => matchesPattern(path, pattern))) {
          report(fieldPath([key, position]), unreachedPatternMessage(pattern, site.paths));
        }
      });
    }
    if (pageMarker !== undefined && !site.markers.includes(pageMarker)) {
      report(
        fieldPath(['pageMarker']),
        `ни одна страница не объявляет метку ${quoted(pageMarker)}: её задаёт вариант курса полем popupMarker в content/courses/`,
      );
    }
  });
  return problems;
}

/** Where a field of the console's form sits in a pop-up of the file. */
function pricedFieldPath(kind: 'promo' | 'discount' | 'gift', field: PricedField): PropertyKey[] {
  if (field === 'price' || field === 'oldPrice') return ['content', 'offer', field];
  if (field === 'headline') return ['content', kind === 'promo' ? 'heading' : 'title'];
  if (field === 'buttonLabel') return ['content', kind === 'promo' ? 'actionLabel' : 'submitLabel'];
  return kind === 'gift' ? ['content', 'offer', 'condition'] : ['content', 'text'];
}

function safeId(popup: PopupConfig): string | undefined {
  try {
    return popupId(popup);
  } catch {
    return undefined;
  }
}

function unreachedPatternMessage(pattern: string, paths: readonly string[]): string {
  const nearest = closestPath(normalizePath(pattern.replace(/\*$/, '')), paths);
  const hint = nearest ? `; может быть, ${nearest}?` : '';
  return `на сайте нет страницы ${quoted(pattern)}${pattern.endsWith('*') ? ' и страниц, которые так начинаются' : ''}${hint}`;
}
