import { cheapestTariff, coursePriceLine, hardCodedRoubles, type PricedCourse, resolvePriceReferences } from '@/lib/price-references';
import { hardCodedRoublesMessage, priceProblemText } from './price-problems';
import { formatPrice } from '@/lib/money';
import { fieldPath } from './field-labels';
import { type ContentProblem, quoted } from './problems';

/**
 * Prices in the courses' running texts (lib/price-references.ts): every text of a course and of its
 * landings is searched for rouble sums written as digits (refused), its price references are written in,
 * and a landing's price line must agree with the course's tariffs. Returns the courses with the prices
 * written in, and every problem with its file, entry and field.
 */
export function resolveCoursePrices<C extends PricedCourse & { variants: readonly unknown[] }>(
  courses: readonly C[],
  fileOf: (course: C) => string,
  /** Courses a reference may also name when they are not among `courses`. */
  elsewhere: readonly PricedCourse[] = [],
): { courses: C[]; problems: ContentProblem[] } {
  const priced: PricedCourse[] = [...courses, ...elsewhere.filter((other) => !courses.some((course) => course.slug === other.slug))];
  const problems: ContentProblem[] = [];
  const resolved = courses.map((course) => {
    const where = { file: fileOf(course), entry: `курс ${quoted(course.slug)}` };
    const result = mapStrings(course, [], (text, path) => {
      const field = fieldPath(path);
      for (const sum of hardCodedRoubles(text)) problems.push({ ...where, field, message: hardCodedRoublesMessage(sum, course.slug) });
      const { text: written, problems: referenceProblems } = resolvePriceReferences(text, priced, course.slug);
      for (const problem of referenceProblems) problems.push({ ...where, field, message: priceProblemText(problem) });
      return written;
    }) as C;
    (result.variants as { hero?: { priceLine?: string } }[]).forEach((variant, index) => {
      const priceLine = variant.hero?.priceLine;
      if (priceLine === undefined) return;
      const message = priceLineDisagreement(priceLine, course);
      if (message) problems.push({ ...where, field: fieldPath(['variants', index, 'hero', 'priceLine']), message });
    });
    return result;
  });
  return { courses: resolved, problems };
}

/** Why a landing's (resolved) price line disagrees with the course's tariffs, or undefined when it agrees. */
export function priceLineDisagreement(
  priceLine: string,
  course: { tariffs: readonly { price: number; monthly: boolean; oldPrice?: number }[] },
): string | undefined {
  const amounts = [...priceLine.matchAll(/(от\s+)?(\d[\d \u00a0\u202f]*)\s*₽/giu)];
  if (amounts.length === 0 || course.tariffs.length === 0) return undefined;
  const cheapest = cheapestTariff(course.tariffs);
  const known = new Set(course.tariffs.flatMap((tariff) => [tariff.price, ...(tariff.oldPrice === undefined ? [] : [tariff.oldPrice])]));
  for (const match of amounts) {
    const amount = Number(match[2]!.replace(/\D/g, ''));
    const shown = match[0].replace(/[\u00a0\u202f]/g, ' ').trim();
    if (match[1] && amount !== cheapest.price) {
      return `строка с ценой говорит «${shown}», а самый дешёвый тариф курса — ${formatPrice(cheapest.price, { monthly: cheapest.monthly }).replace(/[\u00a0\u202f]/g, ' ')}: напишите {цена от} (сейчас это «${coursePriceLine(course).replace(/[\u00a0\u202f]/g, ' ')}»)`;
    }
    if (!known.has(amount)) {
      return `строка с ценой называет ${shown}, а такой цены нет ни в одном тарифе курса: напишите ссылку на тариф ({цена 2}) или {цена от}`;
    }
  }
  return undefined;
}

/** A deep copy of `value` with every string passed through `change` (with its path). */
function mapStrings(value: unknown, path: PropertyKey[], change: (text: string, path: PropertyKey[]) => string): unknown {
  if (typeof value === 'string') return change(value, path);
  if (Array.isArray(value)) return value.map((item, index) => mapStrings(item, [...path, index], change));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, [...path, key], change)]));
  }
  return value;
}
