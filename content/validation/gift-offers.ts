import { z } from '@/lib/validation/zod';
import type { Course } from '@/content/courses';
import { type GiftOfferInput, giftOldPrice } from '@/content/gift-offers';
import { discountPercent, formatPrice } from '@/lib/money';
import { hardCodedRoubles, isPriceReference, referenceForAmount } from '@/lib/price-references';
import { fieldPath } from './field-labels';
import type { ContentProblem } from './problems';
import { issueProblems } from './zod-issues';

/**
 * The checks of content/gift-offers.ts, field by field like a course's, run by the content check before
 * a build (the file ships to the browser, so it carries no validation code). The discount is not a
 * field: it is computed from the two prices, so a field `discount` is refused with the value it would
 * have; an advertised figure (`statedDiscount`) holds only for the prices it names. A struck-out price
 * that repeats course tariffs is a reference to them (`{цена junior-js 2}`): the reference must name a
 * course and tariff that exist and are paid as the gift is, and a number equal to exactly one tariff is
 * refused with the reference to write instead, so a course price change never needs a second edit here.
 */
export const giftOffersFile = 'content/gift-offers.ts';

const text = z.string().trim().min(1);

const giftOfferSchema = z
  .strictObject({
    number: z.int().min(1),
    name: text,
    description: text.min(81, 'описание подарка — не короче 81 знака: в окне подарка оно объясняет, что именно получает посетитель'),
    price: z.int().nonnegative(),
    // A number, or references (`{цена …}`) that are resolved below, against the courses.
    oldPrice: z.union([z.int().positive(), z.string().trim().min(1)]),
    isMonthlyPayment: z.boolean(),
    statedDiscount: z.strictObject({ percent: z.int().min(1).max(99), price: z.int().nonnegative(), oldPrice: z.int().positive() }).optional(),
    formConfig: z.looseObject({ formId: z.string() }),
  })
  .refine((offer) => typeof offer.oldPrice !== 'number' || offer.price < offer.oldPrice, {
    message: 'цена подарка должна быть ниже зачёркнутой цены (oldPrice)',
    path: ['price'],
  })
  .refine((offer) => offer.formConfig.formId === `gift-${offer.number}`, {
    message: 'id формы подарка — gift-{номер подарка}',
    path: ['formConfig', 'formId'],
  });

/** Every problem of the gift offers; struck-out prices are compared with the courses when they loaded. */
export function giftOfferProblems(offers: readonly GiftOfferInput[], courses?: readonly Course[]): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const numbers = new Set<number>();
  offers.forEach((offer, index) => {
    const where = { file: giftOffersFile, entry: `подарок ${Number.isInteger(offer.number) ? offer.number : `№${index + 1}`}` };
    const { discount, oldPriceFrom, ...fields } = offer as GiftOfferInput & { discount?: unknown; oldPriceFrom?: unknown };
    if (discount !== undefined) problems.push({ ...where, field: fieldPath(['discount']), message: typedDiscountMessage(discount, offer, courses ?? []) });
    if (oldPriceFrom !== undefined) {
      problems.push({
        ...where,
        field: fieldPath(['oldPriceFrom']),
        message:
          'поле oldPriceFrom больше не пишется: напишите в oldPrice ссылку на цену тарифа, например {цена junior-js 2} (для набора курсов — {цена typescript} + {цена git}), и уберите oldPriceFrom',
      });
    }
    const parsed = giftOfferSchema.safeParse(fields);
    if (!parsed.success) problems.push(...issueProblems(parsed.error, fields, where));
    if (numbers.has(offer.number)) problems.push({ ...where, field: fieldPath(['number']), message: `номер ${offer.number} уже у другого подарка` });
    numbers.add(offer.number);
    for (const key of ['name', 'description'] as const) {
      if (typeof offer[key] !== 'string') continue;
      for (const sum of hardCodedRoubles(offer[key])) {
        problems.push({
          ...where,
          field: fieldPath([key]),
          message: `сумма «${sum}» написана цифрами в тексте подарка: цену показывают поля price и oldPrice (oldPrice — ссылка на цену тарифа), а в тексте её не повторяйте`,
        });
      }
    }
    if (parsed.success && (typeof parsed.data.oldPrice === 'number' || courses)) {
      problems.push(...struckOutPriceProblems(parsed.data, courses ?? []).map((problem) => ({ ...where, ...problem })));
    }
  });
  // The offers are numbered 1 to their count without gaps: the schedule refers to them by number.
  for (let number = 1; number <= offers.length; number += 1) {
    if (!numbers.has(number))
      problems.push({ file: giftOffersFile, entry: `подарок ${number}`, message: `нет подарка ${number}: подарки нумеруются подряд с 1 по ${offers.length}` });
  }
  return problems;
}

/**
 * The struck-out price: its references name tariffs that exist and are paid as the gift is; a number
 * equal to exactly one tariff (paid the same way) is refused with the reference to write; the gift is
 * cheaper than it; a stated discount names the gift's own price (written in this file) and, for a number,
 * the struck-out price. A stated discount whose struck-out price is a reference lapses by itself when the
 * course's price changes (the page then shows the discount the prices give), so a course price change
 * asks for no edit here.
 */
function struckOutPriceProblems(offer: z.infer<typeof giftOfferSchema>, courses: readonly Course[]): { field: string; message: string }[] {
  const resolved = giftOldPrice(offer, courses);
  if ('problem' in resolved) return [{ field: fieldPath(['oldPrice']), message: resolved.problem }];
  const { oldPrice } = resolved;
  const problems: { field: string; message: string }[] = [];
  const monthly = { monthly: offer.isMonthlyPayment };
  if (!isPriceReference(offer.oldPrice)) {
    const reference = referenceForAmount(oldPrice, courses, monthly);
    if (reference) {
      problems.push({
        field: fieldPath(['oldPrice']),
        message: `${oldPrice} — это цена тарифа: напишите '${reference}', и зачёркнутая цена будет браться из курса (тогда после изменения цены курса её не нужно править здесь)`,
      });
    }
  }
  if (offer.price >= oldPrice) {
    // A number is refused by the schema already; a reference only once it is looked up.
    if (isPriceReference(offer.oldPrice)) {
      problems.push({
        field: fieldPath(['price']),
        message: `цена подарка ${formatPrice(offer.price, monthly)} должна быть ниже зачёркнутой цены ${String(offer.oldPrice)}: ${formatPrice(oldPrice, monthly)}`,
      });
    }
    return problems;
  }
  const stated = offer.statedDiscount;
  const statedFor = stated && stated.price === offer.price && (isPriceReference(offer.oldPrice) || stated.oldPrice === oldPrice);
  if (stated && !statedFor) {
    problems.push({
      field: fieldPath(['statedDiscount']),
      message:
        `скидка ${stated.percent}% заявлена для цен ${stated.price} и ${stated.oldPrice}, а цены теперь ${offer.price} и ${oldPrice} ` +
        `(по ним скидка ${discountPercent(oldPrice, offer.price)}%): уберите statedDiscount или заявите скидку для новых цен`,
    });
  }
  return problems;
}

function typedDiscountMessage(discount: unknown, offer: GiftOfferInput, courses: readonly Course[]): string {
  const rule = 'скидку не пишут руками: она считается из цены (price) и зачёркнутой цены (oldPrice); уберите поле';
  const resolved = giftOldPrice(offer, courses);
  if ('problem' in resolved || !(offer.price >= 0 && offer.price < resolved.oldPrice)) return rule;
  return `${rule}. Написано ${String(discount)}%, а цены ${offer.price} и ${resolved.oldPrice} дают ${discountPercent(resolved.oldPrice, offer.price)}%`;
}
