import { formatPrice } from '@/lib/money';

/**
 * Prices are written once, in the course's tariffs (content/courses/), and everything else that repeats
 * one refers to it. Pure: used by the content check, the build, the console and the server's answers.
 *
 * Prices in running text: a text names the price it repeats and the build writes the
 * figure in, so a course price change cannot leave an old figure in a description, an FAQ answer, a
 * landing's price line or an article.
 *
 * - `{цена advanced-js}` — tariff 1 of that course as its card shows it: «13 790 ₽» (monthly: «4 990 ₽/мес.»);
 *   `{цена advanced-js 2}` — tariff 2 (counted from 1). In a course's own texts the slug may be left out:
 *   `{цена}`, `{цена 2}`.
 * - `{цена от junior-js}` (in a course's own texts `{цена от}`) — the course's price line: «от 4 990 ₽/мес.».
 * - `{не цена: от 70 000 до 120 000 ₽}` — a sum that is not a price of ours (salaries, tax limits): shown
 *   as written, without the braces.
 *
 * A rouble sum written as digits outside these is refused by the content check.
 */
export interface PricedCourse {
  slug: string;
  tariffs: readonly { price: number; monthly: boolean }[];
}

const referencePattern = /\{\s*(не цена|цена)(?:\s*:\s*|\s+)?([^{}]*)\}/g;

/** `13 790 ₽`, `13790 руб.`, `4 990 ₽/мес.`: a sum of roubles written as digits. */
const roublesPattern = /\d[\d \u00a0\u202f]*(?:[.,]\d+)?\s*(?:₽|руб(?:\.|л[а-яё]*)?(?![а-яё])|р\.)/giu;

/** The rouble sums written as digits in a text, outside references and `{не цена: …}`. */
export function hardCodedRoubles(text: string): string[] {
  return [...text.replace(referencePattern, ' ').matchAll(roublesPattern)].map((match) => match[0].trim().replace(/[\u00a0\u202f]/g, ' '));
}

/** The rouble amounts a (resolved) text names, as numbers: «от 4 990 ₽/мес.» -> [4990]. */
export function roubleAmounts(text: string): number[] {
  return [...text.matchAll(roublesPattern)].map((match) => Number(match[0].replace(/[^\d.,]/g, '').replace(',', '.')));
}

/** The price line of a course: «Бесплатно», «2 990 ₽» for one tariff, otherwise «от …» of the cheapest (monthly first). */
export function coursePriceLine(course: Pick<PricedCourse, 'tariffs'>): string {
  const tariffs = course.tariffs;
  if (tariffs.every((tariff) => tariff.price === 0)) return 'Бесплатно';
  const cheapest = cheapestTariff(tariffs);
  const price = formatPrice(cheapest.price, { monthly: cheapest.monthly });
  return tariffs.length === 1 ? price : `от ${price}`;
}

/** The tariff a price line starts from: the cheapest monthly one, else the cheapest. */
export function cheapestTariff<T extends { price: number; monthly: boolean }>(tariffs: readonly T[]): T {
  const monthly = tariffs.filter((tariff) => tariff.monthly);
  const candidates = monthly.length > 0 ? monthly : tariffs;
  return candidates.reduce((best, tariff) => (tariff.price < best.price ? tariff : best));
}

/**
 * What is wrong with a reference or a price field: a code and what its words need (the reference as
 * written, the course, the tariff's number). The words are the edge's (content/validation/price-problems.ts
 * for the content check, the build and the console).
 */
export type PriceReferenceProblem =
  /** `{не цена}` without the sum it stands for. */
  | { code: 'no_text'; reference: string }
  /** Words a reference cannot be read from (`{цена a b}`, `{цена от a 2}`). */
  | { code: 'unreadable'; reference: string }
  /** `{цена}` outside a course's own texts. */
  | { code: 'no_course'; reference: string }
  | { code: 'unknown_course'; reference: string; course: string }
  | { code: 'unknown_tariff'; reference: string; course: string; tariff: number; tariffs: number }
  /** A price field's number that is not a whole number of roubles, 0 or more. */
  | { code: 'not_whole_roubles' }
  /** A price field's text that is neither a number nor references. */
  | { code: 'not_a_price'; text: string }
  /** A price field's braces that are not `{цена …}` (`{не цена: …}`). */
  | { code: 'not_a_reference'; reference: string }
  /** A price field's `{цена от …}`: a price line, not a tariff's price; `course`, what follows «от». */
  | { code: 'price_line'; reference: string; course: string }
  /** A price field summing tariffs paid at once and monthly. */
  | { code: 'mixed_payment'; text: string };

export interface ResolvedText {
  text: string;
  /** What is wrong with a reference: an unknown course or tariff, an unreadable reference. */
  problems: PriceReferenceProblem[];
}

/** Writes the prices a text refers to; `self` is the course whose own texts these are (for `{цена}`). */
export function resolvePriceReferences(text: string, courses: readonly PricedCourse[], self?: string): ResolvedText {
  const problems: PriceReferenceProblem[] = [];
  const resolved = text.replace(referencePattern, (whole, kind: string, rest: string) => {
    const argument = rest.trim();
    if (kind === 'не цена') {
      if (argument === '') problems.push({ code: 'no_text', reference: whole });
      return argument;
    }
    const found = lookUp(whole, argument, courses, self);
    if ('problem' in found) {
      problems.push(found.problem);
      return whole;
    }
    if (found.tariff === 'line') return coursePriceLine(found.course);
    return formatPrice(found.tariff.price, { monthly: found.tariff.monthly });
  });
  return { text: resolved, problems };
}

/** The course and tariff (or the course's price line, `от`) one reference names, or what is wrong with it. */
function lookUp(
  whole: string,
  argument: string,
  courses: readonly PricedCourse[],
  self: string | undefined,
): { course: PricedCourse; tariff: PricedCourse['tariffs'][number] | 'line' } | { problem: PriceReferenceProblem } {
  const words = argument === '' ? [] : argument.split(/\s+/);
  const from = words[0] === 'от';
  if (from) words.shift();
  const tariffWord = words.length > 0 && /^\d+$/.test(words[words.length - 1]!) ? words.pop() : undefined;
  const slug = words.length === 1 ? words[0] : words.length === 0 ? self : undefined;
  if (words.length > 1 || (from && tariffWord !== undefined)) return { problem: { code: 'unreadable', reference: whole } };
  if (slug === undefined) return { problem: { code: 'no_course', reference: whole } };
  const course = courses.find((candidate) => candidate.slug === slug);
  if (!course) return { problem: { code: 'unknown_course', reference: whole, course: slug } };
  if (from) return { course, tariff: 'line' };
  const number = tariffWord === undefined ? 1 : Number(tariffWord);
  const tariff = course.tariffs[number - 1];
  if (!tariff) return { problem: { code: 'unknown_tariff', reference: whole, course: slug, tariff: number, tariffs: course.tariffs.length } };
  return { course, tariff };
}

/**
 * A price field (a gift's struck-out price, its price): a whole number of roubles, or the tariff prices it
 * repeats, written as in a text: `{цена advanced-js}`, `{цена advanced-js 2}`, a bundle summed:
 * `{цена typescript} + {цена git}`. Stored as written; the figure is looked up whenever it is shown, so a
 * course price changed in its file changes every price that refers to it.
 */
export type PriceValue = number | string;

/** What a price field stands for now: its roubles and whether they are paid monthly, or why it cannot be read. */
export type ResolvedPrice = { amount: number; monthly: boolean; reference: boolean } | { problem: PriceReferenceProblem };

const priceFieldPattern = /^\s*\{[^{}]*\}(?:\s*\+\s*\{[^{}]*\})*\s*$/;

/** Whether a price field is written as references (`{цена …}`), not as a number. */
export function isPriceReference(value: PriceValue): value is string {
  return typeof value === 'string' && value.includes('{');
}

/** A price field's roubles now: a number as it is, references looked up in the courses' tariffs (and summed). */
export function resolvePriceValue(value: PriceValue, courses: readonly PricedCourse[]): ResolvedPrice {
  if (typeof value === 'number') {
    return Number.isInteger(value) && value >= 0 ? { amount: value, monthly: false, reference: false } : { problem: { code: 'not_whole_roubles' } };
  }
  const text = value.trim();
  if (/^\d+$/.test(text)) return { amount: Number(text), monthly: false, reference: false };
  if (!priceFieldPattern.test(text)) return { problem: { code: 'not_a_price', text } };
  let amount = 0;
  const modes = new Set<boolean>();
  for (const match of text.matchAll(/\{([^{}]*)\}/g)) {
    const whole = match[0];
    const reference = /^\s*цена(?:\s*:\s*|\s+)?(.*)$/.exec(match[1]!);
    if (!reference) return { problem: { code: 'not_a_reference', reference: whole } };
    const argument = reference[1]!.trim();
    if (argument.split(/\s+/)[0] === 'от') return { problem: { code: 'price_line', reference: whole, course: argument.replace(/^от\s*/, '') } };
    const found = lookUp(whole, argument, courses, undefined);
    if ('problem' in found) return found;
    // A line comes only of `от`, refused above.
    if (found.tariff === 'line') return { problem: { code: 'price_line', reference: whole, course: argument } };
    amount += found.tariff.price;
    modes.add(found.tariff.monthly);
  }
  if (modes.size > 1) return { problem: { code: 'mixed_payment', text } };
  return { amount, monthly: modes.has(true), reference: true };
}

/**
 * The reference a price written as a number repeats: the one course tariff (paid as `monthly` says)
 * with exactly that price, as `{цена slug}` (`{цена slug 2}` for tariff 2); undefined when no tariff
 * or more than one has it (then the number cannot be told apart from a price of its own).
 */
export function referenceForAmount(amount: number, courses: readonly PricedCourse[], { monthly = false }: { monthly?: boolean } = {}): string | undefined {
  const matches = courses.flatMap((course) =>
    course.tariffs.flatMap((tariff, index) =>
      tariff.price === amount && tariff.monthly === monthly && amount > 0 ? [{ slug: course.slug, number: index + 1 }] : [],
    ),
  );
  if (matches.length !== 1) return undefined;
  const { slug, number } = matches[0]!;
  return number === 1 ? `{цена ${slug}}` : `{цена ${slug} ${number}}`;
}

/** A rouble sum with an optional «/мес.» after it. */
const roublesWithSuffixPattern = new RegExp(`${roublesPattern.source}(\\s*/\\s*мес\\.?)?`, 'giu');

/**
 * The rouble sums a text writes as digits outside references and `{не цена: …}`: as written (with «/мес.»
 * when it follows), their amount, and whether they are a monthly figure.
 */
export function roublesIn(text: string): { text: string; amount: number; monthly: boolean }[] {
  return text
    .split(/(\{[^{}]*\})/)
    .filter((_, index) => index % 2 === 0)
    .flatMap((part) => [...part.matchAll(roublesWithSuffixPattern)].map((match) => sumOf(match[0], match[1])));
}

function sumOf(written: string, monthlySuffix: string | undefined) {
  const figure = written
    .replace(/\/.*$/, '')
    .replace(/[^\d.,]/g, '')
    .replace(',', '.');
  return { text: written.trim().replace(/[\u00a0\u202f]/g, ' '), amount: Number(figure), monthly: monthlySuffix !== undefined };
}

/**
 * `text` with each rouble sum written as digits that repeats exactly one course tariff replaced by its
 * reference («13 790 ₽» -> `{цена advanced-js}`, «4 990 ₽/мес.» -> `{цена junior-js}` of a monthly tariff);
 * other sums stay as they are. Reads as before once resolved, and follows the tariff from then on.
 */
export function withPriceReferences(text: string, courses: readonly PricedCourse[]): string {
  return text
    .split(/(\{[^{}]*\})/)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part.replace(roublesWithSuffixPattern, (written: string, monthlySuffix: string | undefined) => {
            const sum = sumOf(written, monthlySuffix);
            const reference = Number.isInteger(sum.amount) ? referenceForAmount(sum.amount, courses, { monthly: sum.monthly }) : undefined;
            // Keep the space the sum's pattern took after the figure's sign, if any.
            return reference ? `${reference}${/\s$/.test(written) ? ' ' : ''}` : written;
          }),
    )
    .join('');
}
