import { describe, expect, it } from 'vitest';
import {
  isPriceReference,
  type PriceReferenceProblem,
  type PriceValue,
  referenceForAmount,
  resolvePriceReferences,
  resolvePriceValue,
  roublesIn,
  withPriceReferences,
} from './price-references';

const courses = [
  {
    slug: 'advanced-js',
    tariffs: [
      { price: 13_790, monthly: false },
      { price: 21_490, monthly: false },
    ],
  },
  {
    slug: 'junior-js',
    tariffs: [
      { price: 4990, monthly: true },
      { price: 6710, monthly: true },
    ],
  },
  { slug: 'typescript', tariffs: [{ price: 14_990, monthly: false }] },
  { slug: 'git', tariffs: [{ price: 6990, monthly: false }] },
  { slug: 'diagnostics', tariffs: [{ price: 2990, monthly: false }] },
  { slug: 'base-programming', tariffs: [{ price: 2990, monthly: false }] },
];

describe('a price field', () => {
  it('is whole roubles, or the tariffs it refers to, looked up now', () => {
    expect(resolvePriceValue(0, courses)).toEqual({ amount: 0, monthly: false, reference: false });
    expect(resolvePriceValue('990', courses)).toEqual({ amount: 990, monthly: false, reference: false });
    expect(resolvePriceValue('{цена advanced-js}', courses)).toEqual({ amount: 13_790, monthly: false, reference: true });
    expect(resolvePriceValue(' {цена advanced-js 2} ', courses)).toEqual({ amount: 21_490, monthly: false, reference: true });
    expect(resolvePriceValue('{цена typescript} + {цена git}', courses)).toEqual({ amount: 21_980, monthly: false, reference: true });
    expect(resolvePriceValue('{цена junior-js 2}', courses)).toEqual({ amount: 6710, monthly: true, reference: true });
  });

  it('follows the course: the same reference gives the new price after the tariff changes', () => {
    const raised = courses.map((course) => (course.slug === 'advanced-js' ? { ...course, tariffs: [{ price: 14_990, monthly: false }] } : course));
    expect(resolvePriceValue('{цена advanced-js}', raised)).toMatchObject({ amount: 14_990 });
  });

  it.each<[PriceValue, PriceReferenceProblem]>([
    ['{цена нет-курса}', { code: 'unknown_course', reference: '{цена нет-курса}', course: 'нет-курса' }],
    ['{цена advanced-js 3}', { code: 'unknown_tariff', reference: '{цена advanced-js 3}', course: 'advanced-js', tariff: 3, tariffs: 2 }],
    ['{цена от junior-js}', { code: 'price_line', reference: '{цена от junior-js}', course: 'junior-js' }],
    ['{цена}', { code: 'no_course', reference: '{цена}' }],
    ['{цена advanced-js} + {цена junior-js}', { code: 'mixed_payment', text: '{цена advanced-js} + {цена junior-js}' }],
    ['{не цена: 100 ₽}', { code: 'not_a_reference', reference: '{не цена: 100 ₽}' }],
    ['13 790 ₽', { code: 'not_a_price', text: '13 790 ₽' }],
    [13.5, { code: 'not_whole_roubles' }],
  ])('refuses %s with a code and what its words need', (value, problem) => {
    expect(resolvePriceValue(value, courses)).toEqual({ problem });
  });

  it('tells a reference from a number', () => {
    expect(isPriceReference('{цена git}')).toBe(true);
    expect(isPriceReference('6990')).toBe(false);
    expect(isPriceReference(6990)).toBe(false);
  });
});

describe('a figure that repeats a course price', () => {
  it('is the reference of the one tariff with that price, paid the same way', () => {
    expect(referenceForAmount(13_790, courses)).toBe('{цена advanced-js}');
    expect(referenceForAmount(21_490, courses)).toBe('{цена advanced-js 2}');
    expect(referenceForAmount(6710, courses, { monthly: true })).toBe('{цена junior-js 2}');
    expect(referenceForAmount(6710, courses)).toBeUndefined();
    // Two courses cost 2 990 ₽: which one the figure repeats cannot be told.
    expect(referenceForAmount(2990, courses)).toBeUndefined();
    expect(referenceForAmount(0, courses)).toBeUndefined();
  });

  it('is found in a text, outside references, and replaced so it reads the same once resolved', () => {
    expect(roublesIn('Курс за 13 790 ₽, рассрочка 6 710 ₽/мес., {не цена: 70 000 ₽}')).toEqual([
      { text: '13 790 ₽', amount: 13_790, monthly: false },
      { text: '6 710 ₽/мес.', amount: 6710, monthly: true },
    ]);
    const text = 'Курс за 13 790 ₽ вместо 20 000 ₽, рассрочка 6 710 ₽/мес. или 2 990 ₽';
    const written = withPriceReferences(text, courses);
    expect(written).toBe('Курс за {цена advanced-js} вместо 20 000 ₽, рассрочка {цена junior-js 2} или 2 990 ₽');
    expect(resolvePriceReferences(written, courses).text.replace(/[\u00a0\u202f]/g, ' ')).toBe(text);
  });
});
