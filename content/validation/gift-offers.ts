import { z } from '@/lib/validation/zod';
import type { Course } from '@/content/courses';
import type { GiftOfferInput } from '@/content/gift-offers';
import { discountPercent, formatPrice } from '@/lib/money';
import { hardCodedRoubles } from '@/content/shared/price-text';
import { fieldPath } from './field-labels';
import { type ContentProblem, quoted } from './problems';
import { issueProblems } from './zod-issues';

/**
 * The checks of content/gift-offers.ts, field by field like a course's, run by the content check before
 * a build (the file ships to the browser, so it carries no validation code). The discount is not a
 * field: it is computed from the two prices, so a field `discount` is refused with the value it would
 * have; an advertised figure (`statedDiscount`) holds only for the prices it names. A struck-out price
 * that repeats course tariffs (`oldPriceFrom`) must equal them.
 */
export const giftOffersFile = 'content/gift-offers.ts';


const text = z.string().trim().min(1);

const giftOfferSchema = z
  .strictObject({
    number: z.int().min(1),
    name: text,
    description: text.min(81, 'описание подарка — не короче 81 знака: в окне подарка оно объясняет, что именно получает посетитель'),
    price: z.int().nonnegative(),
    oldPrice: z.int().positive(),
    oldPriceFrom: z.array(z.strictObject({ course: z.string(), tariff: z.int().positive() })).min(1).optional(),
    isMonthlyPayment: z.boolean(),
    statedDiscount: z.strictObject({ percent: z.int().min(1).max(99), price: z.int().nonnegative(), oldPrice: z.int().positive() }).optional(),
    formConfig: z.looseObject({ formId: z.string() }),
  })
  .refine((offer) => offer.price < offer.oldPrice, {
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
    const { discount, ...fields } = offer as GiftOfferInput & { discount?: unknown };
    if (discount !== undefined) problems.push({ ...where, field: fieldPath(['discount']), message: typedDiscountMessage(discount, offer) });
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
          message: `сумма «${sum}» написана цифрами в тексте подарка: цену показывают поля price и oldPrice (oldPrice сверяется с тарифами через oldPriceFrom), а в тексте её не повторяйте`,
        });
      }
    }
    if (parsed.success) problems.push(...statedDiscountProblems(parsed.data).map((message) => ({ ...where, field: fieldPath(['statedDiscount']), message })));
    if (parsed.success && courses) problems.push(...tiedPriceProblems(parsed.data, courses).map((problem) => ({ ...where, ...problem })));
  });
  // The offers are numbered 1 to their count without gaps: the schedule refers to them by number.
  for (let number = 1; number <= offers.length; number += 1) {
    if (!numbers.has(number)) problems.push({ file: giftOffersFile, entry: `подарок ${number}`, message: `нет подарка ${number}: подарки нумеруются подряд с 1 по ${offers.length}` });
  }
  return problems;
}

/** An advertised discount is for the prices it names: after a price change the prices speak again. */
function statedDiscountProblems(offer: Pick<GiftOfferInput, 'price' | 'oldPrice' | 'statedDiscount'>): string[] {
  const stated = offer.statedDiscount;
  if (!stated || (stated.price === offer.price && stated.oldPrice === offer.oldPrice)) return [];
  return [
    `скидка ${stated.percent}% заявлена для цен ${stated.price} и ${stated.oldPrice}, а цены теперь ${offer.price} и ${offer.oldPrice} ` +
      `(по ним скидка ${discountPercent(offer.oldPrice, offer.price)}%): уберите statedDiscount или заявите скидку для новых цен`,
  ];
}

function typedDiscountMessage(discount: unknown, offer: GiftOfferInput): string {
  const rule = 'скидку не пишут руками: она считается из цены (price) и зачёркнутой цены (oldPrice); уберите поле';
  if (!(offer.price >= 0 && offer.price < offer.oldPrice)) return rule;
  return `${rule}. Написано ${String(discount)}%, а цены ${offer.price} и ${offer.oldPrice} дают ${discountPercent(offer.oldPrice, offer.price)}%`;
}

/**
 * `oldPriceFrom`: every referenced tariff exists, is paid the same way, and their prices add up to
 * `oldPrice` (a gift offer's, or the gift pop-up's, whose fields sit under `offer`: `fieldPrefix`).
 */
export function tiedPriceProblems(
  offer: Pick<GiftOfferInput, 'oldPrice' | 'oldPriceFrom' | 'isMonthlyPayment'>,
  courses: readonly Course[],
  fieldPrefix: readonly PropertyKey[] = [],
): { field: string; message: string }[] {
  const references = offer.oldPriceFrom ?? [];
  const problems: { field: string; message: string }[] = [];
  let sum = 0;
  references.forEach((reference, position) => {
    const field = fieldPath([...fieldPrefix, 'oldPriceFrom', position]);
    const course = courses.find((candidate) => candidate.slug === reference.course);
    const tariff = course?.tariffs[reference.tariff - 1];
    if (!course) return void problems.push({ field, message: `нет курса ${quoted(reference.course)} в content/courses/` });
    if (!tariff) {
      return void problems.push({ field, message: `у курса ${quoted(course.slug)} тарифов ${course.tariffs.length}, тарифа ${reference.tariff} нет` });
    }
    if (tariff.monthly !== offer.isMonthlyPayment) {
      problems.push({
        field,
        message: `тариф ${reference.tariff} курса ${quoted(course.slug)} оплачивается ${tariff.monthly ? 'помесячно' : 'сразу'}, а подарок — ${offer.isMonthlyPayment ? 'помесячно' : 'сразу'}`,
      });
    }
    sum += tariff.price;
  });
  if (references.length > 0 && problems.length === 0 && sum !== offer.oldPrice) {
    const monthly = { monthly: offer.isMonthlyPayment };
    const tariffs = references.map((reference) => `тариф ${reference.tariff} курса ${quoted(reference.course)}`).join(' + ');
    problems.push({
      field: fieldPath([...fieldPrefix, 'oldPrice']),
      message: `зачёркнутая цена ${formatPrice(offer.oldPrice, monthly)} должна быть равна цене ${references.length > 1 ? 'тарифов' : 'тарифа'} (${tariffs}): ${formatPrice(sum, monthly)}; поменяйте зачёркнутую цену подарка (и, если нужно, цену подарка)`,
    });
  }
  return problems;
}
