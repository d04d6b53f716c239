import { expect, it } from 'vitest';
import { courses as catalogue } from '@/content/courses';
import { resolvePriceReferences, resolvePriceValue } from '@/lib/price-references';
import { popupPriceProblemText, priceProblemSentence, priceProblemText } from './price-problems';

const courses = catalogue();

/** What the content check says of a price field (its codes come of lib/price-references.ts). */
function fieldText(value: string | number): string {
  const resolved = resolvePriceValue(value, courses);
  if (!('problem' in resolved)) throw new Error(`${value} is a price`);
  return priceProblemText(resolved.problem);
}

it('words every price-field problem as the content check always has', () => {
  const tariffs = (slug: string) => courses.find((course) => course.slug === slug)!.tariffs.length;
  expect(fieldText('{цена нет-курса}')).toBe('в {цена нет-курса} курс «нет-курса», а такого курса нет в content/courses/');
  expect(fieldText('{цена advanced-js 9}')).toBe(`в {цена advanced-js 9} тариф 9, а у курса «advanced-js» тарифов ${tariffs('advanced-js')}`);
  expect(fieldText('{цена от junior-js}')).toBe('в поле цены нужна цена тарифа, а {цена от junior-js} — строка «от …»: напишите {цена junior-js}');
  expect(fieldText('{цена}')).toBe('в {цена} не указан курс: пишется {цена advanced-js}, {цена advanced-js 2} или {цена от junior-js}');
  expect(fieldText('{цена advanced-js} + {цена junior-js}')).toBe(
    'в «{цена advanced-js} + {цена junior-js}» тарифы с оплатой сразу и помесячно: их цены не складываются',
  );
  expect(fieldText('{не цена: 100 ₽}')).toBe('{не цена: 100 ₽} — не ссылка на цену: пишется {цена advanced-js}');
  expect(fieldText('13 790 ₽')).toBe(
    '«13 790 ₽» — не цена: напишите целое число рублей (13790) или ссылку на цену курса: {цена advanced-js}, {цена advanced-js 2}, {цена typescript} + {цена git}',
  );
  expect(fieldText(-1)).toBe('цена — целое число рублей, не меньше 0');
});

it('words the problems of references in a text, and a pop-up’s own', () => {
  const { problems } = resolvePriceReferences('Курс за {цена advanced-js git} или {не цена}', courses);
  expect(problems.map(priceProblemText)).toEqual([
    'ссылку на цену {цена advanced-js git} не прочитать: пишется {цена advanced-js}, {цена advanced-js 2} или {цена от junior-js}',
    'в {не цена} нет текста: пишется {не цена: 70 000 ₽}',
  ]);
  expect(priceProblemSentence(problems[1]!)).toBe('В {не цена} нет текста: пишется {не цена: 70 000 ₽}');
  expect(popupPriceProblemText({ code: 'monthly_tariff' })).toBe('подарок оплачивается сразу, а этот тариф — помесячно: сошлитесь на тариф с оплатой сразу');
  expect(popupPriceProblemText({ code: 'gift_not_cheaper', price: 20_000, oldPrice: 13_790 })).toBe(
    'цена подарка (20000) должна быть ниже зачёркнутой цены (13790)',
  );
});
