import { type Course, courseEntries, parseCourses, withPrices } from '@/content/courses';
import { tariffSchema } from '@/content/courses/schema';
import { giftOfferInputs } from '@/content/gift-offers';
import type { LiveTariffPrice } from '@/content/live/state';
import { popupName } from '@/content/names';
import { popupId, popups } from '@/content/popups';
import type { ManagedPopupConfig } from '@/lib/popups/managed';
import { resolvePopupPrices } from '@/lib/popups/prices';
import { giftOfferProblems } from './gift-offers';
import { ContentError, type ContentProblem, problemLine } from './problems';
import { issueMessage } from './zod-issues';

/**
 * The content check (`npm run check`) of one course's new prices, before the console («Цены») saves
 * them: the course is parsed with them laid over its tariffs, together with every other course at the
 * prices in effect, through the same schema and price-text resolution as a build (a struck-out price not
 * above the price, a monthly tariff's months, a landing's price line, every `{цена …}` reference), and the
 * gift offers and pop-ups that refer to its tariffs are priced with the same rules (a gift no cheaper
 * than its struck-out price, a tariff paid otherwise than the gift). Pure: the console's action and its
 * unit test call it alike.
 */
export interface PriceProblem {
  /** The tariff (from 0) and its field the problem is in; null for one found elsewhere (a gift, a text). */
  tariff: number | null;
  field: keyof LiveTariffPrice | null;
  /** In Russian, naming what is wrong and where. */
  message: string;
}

export interface PriceCheckContext {
  /** The prices in effect of every course the console changed (the others are their files'). */
  inEffect: Readonly<Record<string, readonly LiveTariffPrice[]>>;
  /** The console's pop-ups (the database's); their prices refer to the tariffs too. */
  consolePopups?: readonly { id: string; config: ManagedPopupConfig }[];
}

export function coursePriceProblems(slug: string, figures: readonly LiveTariffPrice[], context: PriceCheckContext): PriceProblem[] {
  const entry = courseEntries.find((course) => course.slug === slug);
  if (!entry) return [{ tariff: null, field: null, message: `Курса «${slug}» нет на сайте` }];
  if (figures.length !== entry.tariffs.length) {
    return [
      {
        tariff: null,
        field: null,
        message: `У курса «${entry.title}» тарифов ${entry.tariffs.length}, а цены пришли для ${figures.length}: обновите страницу`,
      },
    ];
  }
  const tariffProblems = figures.flatMap((figure, index) => {
    const tariff = entry.tariffs[index]!;
    const laid = { ...tariff, ...figure };
    const parsed = tariffSchema.safeParse(laid);
    if (parsed.success) return [];
    return parsed.error.issues.map((issue): PriceProblem => {
      const field = priceFields.find((key) => key === issue.path[0]) ?? null;
      const value = field === null ? undefined : laid[field];
      return { tariff: index, field, message: `Тариф «${tariff.name}», ${fieldWords[field ?? 'price']}: ${issueMessage(issue, value)}` };
    });
  });
  if (tariffProblems.length > 0) return tariffProblems;

  const before = parsedWith(context.inEffect);
  const after = parsedWith({ ...context.inEffect, [slug]: figures });
  if ('problems' in after) return after.problems.map(elsewhere);
  const giftProblems = giftOfferProblems(giftOfferInputs, after.courses);
  // The files' pop-ups (what `npm run check` prices), each replaced by the console's own version when it has one.
  const pricedPopups = new Map<string, ManagedPopupConfig>(
    popups.map((config) => [popupId(config), { ...config, enabled: true, startsAt: null, endsAt: null }]),
  );
  for (const { id, config } of context.consolePopups ?? []) pricedPopups.set(id, config);
  const popupProblems = [...pricedPopups].flatMap(([id, config]) => {
    // A pop-up already broken before this change does not stop it: only what these prices would break.
    if ('courses' in before && resolvePopupPrices(config, before.courses).problems.length > 0) return [];
    return resolvePopupPrices(config, after.courses).problems.map(({ message }) => ({ file: '', entry: popupName(id), message }));
  });
  return [...giftProblems, ...popupProblems].map(elsewhere);
}

const priceFields = ['price', 'oldPrice', 'months'] as const;

/** The console's labels of the tariff's figures («Цены»). */
const fieldWords: Record<keyof LiveTariffPrice, string> = { price: '«Цена»', oldPrice: '«Зачёркнутая цена»', months: '«Месяцев»' };

function parsedWith(prices: Readonly<Record<string, readonly LiveTariffPrice[]>>): { courses: Course[] } | { problems: readonly ContentProblem[] } {
  try {
    return { courses: parseCourses(withPrices(courseEntries, prices)) };
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    return { problems: error.problems };
  }
}

/** A problem found beyond the tariff's own fields (a text, a gift, a pop-up): its entry and field, without the file. */
function elsewhere(problem: ContentProblem): PriceProblem {
  const line = problemLine({ ...problem, file: '' }).replace(/^, /, '');
  return { tariff: null, field: null, message: line.charAt(0).toUpperCase() + line.slice(1) };
}
