import { type Course, courses } from './courses';
import { type GiftOffer, type GiftOfferInput, giftOfferInputs, type GiftPrices, priceGiftOffer } from './gift-offers';
import { fieldPath } from './validation/field-labels';
import { giftOffersFile } from './validation/gift-offers';
import { type ContentProblem, throwProblems } from './validation/problems';

/**
 * The gift offers with their struck-out prices in roubles: the references of content/gift-offers.ts
 * (`{цена junior-js 2}`) looked up in this release's course tariffs, and the discounts computed from
 * them. Server-side only, since it loads every course: the promotion page and its structured data read
 * it directly, and `GET /api/gift-schedule` hands the gift modal (a client component, which imports
 * only content/gift-offers.ts) the figures of its gift. Checked when it first loads, like the courses:
 * a reference to a course or tariff that is not there stops the build (the content check names it first).
 */
export function priceGiftOffers(inputs: readonly GiftOfferInput[], catalogue: Parameters<typeof priceGiftOffer>[1]): GiftOffer[] {
  const problems: ContentProblem[] = [];
  const offers = inputs.flatMap((input) => {
    const priced = priceGiftOffer(input, catalogue);
    if ('offer' in priced) return [priced.offer];
    problems.push({ file: giftOffersFile, entry: `подарок ${input.number}`, field: fieldPath(['oldPrice']), message: priced.problem });
    return [];
  });
  throwProblems(problems);
  return offers;
}

// Priced when this module first loads (the build): a broken reference stops it, like a broken course.
let priced: { courses: readonly Course[]; offers: readonly GiftOffer[] } = { courses: courses(), offers: priceGiftOffers(giftOfferInputs, courses()) };

/** The offers priced from the courses as the site shows them now (courses(): the console's prices laid over the files'), once per change of them. */
export function giftOffers(): readonly GiftOffer[] {
  const current = courses();
  if (priced.courses !== current) priced = { courses: current, offers: priceGiftOffers(giftOfferInputs, current) };
  return priced.offers;
}

export function giftOffer(number: number): GiftOffer | undefined {
  return giftOffers().find((offer) => offer.number === number);
}

/** The figures the gift modal shows beside its own texts: the struck-out price and the discount. */
export function giftPrices(number: number): GiftPrices | undefined {
  const offer = giftOffer(number);
  return offer && { oldPrice: offer.oldPrice, discount: offer.discount };
}

/** "Скидки до N%": the biggest discount of the promotion, from the prices like every discount. */
export function biggestGiftDiscount(): number {
  return Math.max(...giftOffers().map((offer) => offer.discount));
}
