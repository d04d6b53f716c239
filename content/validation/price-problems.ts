import type { PopupPriceProblem } from '@/lib/popups/prices';
import type { PriceReferenceProblem } from '@/lib/price-references';

/**
 * The words of what is wrong with a price reference or a price field (lib/price-references.ts returns
 * codes): what `npm run check` and the build print, and what the console says beside a pop-up's field.
 * Lower-case: a sentence of the check follows its place («…, поле «описание» (description): в {цена …}»).
 */

const referenceExample = '{цена advanced-js}, {цена advanced-js 2} или {цена от junior-js}';

export function priceProblemText(problem: PriceReferenceProblem): string {
  switch (problem.code) {
    case 'no_text':
      return `в ${problem.reference} нет текста: пишется {не цена: 70 000 ₽}`;
    case 'unreadable':
      return `ссылку на цену ${problem.reference} не прочитать: пишется ${referenceExample}`;
    case 'no_course':
      return `в ${problem.reference} не указан курс: пишется ${referenceExample}`;
    case 'unknown_course':
      return `в ${problem.reference} курс «${problem.course}», а такого курса нет в content/courses/`;
    case 'unknown_tariff':
      return `в ${problem.reference} тариф ${problem.tariff}, а у курса «${problem.course}» тарифов ${problem.tariffs}`;
    case 'not_whole_roubles':
      return 'цена — целое число рублей, не меньше 0';
    case 'not_a_price':
      return `«${problem.text}» — не цена: напишите целое число рублей (13790) или ссылку на цену курса: {цена advanced-js}, {цена advanced-js 2}, {цена typescript} + {цена git}`;
    case 'not_a_reference':
      return `${problem.reference} — не ссылка на цену: пишется {цена advanced-js}`;
    case 'price_line':
      return `в поле цены нужна цена тарифа, а ${problem.reference} — строка «от …»: напишите {цена ${problem.course}}`;
    case 'mixed_payment':
      return `в «${problem.text}» тарифы с оплатой сразу и помесячно: их цены не складываются`;
  }
}

/** The same words as a sentence of their own, as the console says them beside a field: «В {цена …} …». */
export function priceProblemSentence(problem: PriceReferenceProblem): string {
  const text = priceProblemText(problem);
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/** A pop-up's price problem (lib/popups/prices.ts) in the content check's words. */
export function popupPriceProblemText(problem: PopupPriceProblem): string {
  if (problem.code === 'monthly_tariff') return 'подарок оплачивается сразу, а этот тариф — помесячно: сошлитесь на тариф с оплатой сразу';
  if (problem.code === 'gift_not_cheaper') return `цена подарка (${problem.price}) должна быть ниже зачёркнутой цены (${problem.oldPrice})`;
  return priceProblemText(problem);
}

/** The message for a rouble sum written as digits in a text that should name the price it repeats. */
export function hardCodedRoublesMessage(sum: string, self?: string): string {
  const reference = self ? `{цена ${self}} или {цена от ${self}}` : '{цена advanced-js}';
  return `сумма «${sum}» написана цифрами: напишите ссылку на цену, которую она повторяет, например ${reference}, и сайт подставит цену из тарифа (тогда она не разойдётся с тарифами); если это не цена школы (зарплата, вычет), отметьте так: {не цена: ${sum}}`;
}
