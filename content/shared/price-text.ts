import { formatPrice } from '@/lib/money';

/**
 * Prices in running text are written once: a text names the price it repeats and the build writes the
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

export interface ResolvedText {
  text: string;
  /** What is wrong with a reference, in Russian: an unknown course or tariff, an unreadable reference. */
  problems: string[];
}

/** Writes the prices a text refers to; `self` is the course whose own texts these are (for `{цена}`). */
export function resolvePriceReferences(text: string, courses: readonly PricedCourse[], self?: string): ResolvedText {
  const problems: string[] = [];
  const resolved = text.replace(referencePattern, (whole, kind: string, rest: string) => {
    const argument = rest.trim();
    if (kind === 'не цена') {
      if (argument === '') problems.push(`в ${whole} нет текста: пишется {не цена: 70 000 ₽}`);
      return argument;
    }
    const words = argument === '' ? [] : argument.split(/\s+/);
    const from = words[0] === 'от';
    if (from) words.shift();
    const tariffWord = words.length > 0 && /^\d+$/.test(words[words.length - 1]!) ? words.pop() : undefined;
    const slug = words.length === 1 ? words[0] : words.length === 0 ? self : undefined;
    const example = '{цена advanced-js}, {цена advanced-js 2} или {цена от junior-js}';
    if (words.length > 1 || (from && tariffWord !== undefined)) {
      problems.push(`ссылку на цену ${whole} не прочитать: пишется ${example}`);
      return whole;
    }
    if (slug === undefined) {
      problems.push(`в ${whole} не указан курс: пишется ${example}`);
      return whole;
    }
    const course = courses.find((candidate) => candidate.slug === slug);
    if (!course) {
      problems.push(`в ${whole} курс «${slug}», а такого курса нет в content/courses/`);
      return whole;
    }
    if (from) return coursePriceLine(course);
    const number = tariffWord === undefined ? 1 : Number(tariffWord);
    const tariff = course.tariffs[number - 1];
    if (!tariff) {
      problems.push(`в ${whole} тариф ${number}, а у курса «${slug}» тарифов ${course.tariffs.length}`);
      return whole;
    }
    return formatPrice(tariff.price, { monthly: tariff.monthly });
  });
  return { text: resolved, problems };
}

/** The message for a rouble sum written as digits in a text that should name the price it repeats. */
export function hardCodedRoublesMessage(sum: string, self?: string): string {
  const reference = self ? `{цена ${self}} или {цена от ${self}}` : '{цена advanced-js}';
  return `сумма «${sum}» написана цифрами: напишите ссылку на цену, которую она повторяет, например ${reference}, и сайт подставит цену из тарифа (тогда она не разойдётся с тарифами); если это не цена школы (зарплата, вычет), отметьте так: {не цена: ${sum}}`;
}
