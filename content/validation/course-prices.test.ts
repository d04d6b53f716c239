import { describe, expect, it } from 'vitest';
import { courses } from '@/content/courses';
import type { LiveTariffPrice } from '@/content/live/state';
import { coursePriceProblems } from './course-prices';

/** A course's figures as its file has them, with `change` applied to tariff `index` (from 0). */
function figuresOf(slug: string, index = 0, change: Partial<LiveTariffPrice> = {}): LiveTariffPrice[] {
  return courses()
    .find((course) => course.slug === slug)!
    .tariffs.map(({ price, oldPrice, months }, position) => ({ price, oldPrice, months, ...(position === index ? change : {}) }));
}

const nothingChanged = { inEffect: {} };

describe('the content check of a course price change («Цены»)', () => {
  it('passes new figures that keep every rule', () => {
    expect(coursePriceProblems('advanced-js', figuresOf('advanced-js', 0, { price: 12_990, oldPrice: 19_700 }), nothingChanged)).toEqual([]);
    expect(coursePriceProblems('junior-js', figuresOf('junior-js', 0, { price: 4490, months: 10 }), nothingChanged)).toEqual([]);
  });

  it('refuses a struck-out price not above the price, naming the tariff and the field', () => {
    expect(coursePriceProblems('advanced-js', figuresOf('advanced-js', 1, { price: 31_000 }), nothingChanged)).toEqual([
      { tariff: 1, field: 'oldPrice', message: 'Тариф «С наставником», «Зачёркнутая цена»: зачёркнутая цена должна быть выше цены тарифа; сейчас 30700' },
    ]);
  });

  it("refuses an instalment's months out of range, and a figure that is not whole roubles", () => {
    const [problem] = coursePriceProblems('junior-js', figuresOf('junior-js', 2, { months: 1 }), nothingChanged);
    expect(problem).toMatchObject({ tariff: 2, field: 'months' });
    expect(problem!.message).toMatch(/^Тариф «[^»]+», «Месяцев»: .*не меньше 2/);
    expect(coursePriceProblems('git', [{ price: 3990.5 }], nothingChanged)).toEqual([
      { tariff: 0, field: 'price', message: expect.stringMatching(/^Тариф «Курс», «Цена»: нужно: целое число/) },
    ]);
    expect(coursePriceProblems('git', [{ price: 3990, months: 6 }], nothingChanged)[0]).toMatchObject({ tariff: 0, field: 'months' });
  });

  it("refuses a tariff price a gift's price is no longer below (the gift refers to it)", () => {
    // Gift 4 costs 4 648 ₽/мес. against {цена junior-js 2}.
    const problems = coursePriceProblems('junior-js', figuresOf('junior-js', 1, { price: 4600, oldPrice: undefined }), nothingChanged);
    expect(problems.map((problem) => problem.message.replace(/[\u00a0\u202f]/g, ' '))).toContain(
      'Подарок 4, поле «цена» (price): цена подарка 4 648 ₽/мес. должна быть ниже зачёркнутой цены {цена junior-js 2}: 4 600 ₽/мес.',
    );
    expect(problems.every((problem) => problem.tariff === null)).toBe(true);
  });

  it('checks against the other courses at the prices in effect, and refuses figures for another number of tariffs', () => {
    expect(coursePriceProblems('git', [{ price: 3990 }, { price: 4990 }], nothingChanged)[0]!.message).toMatch(/тарифов 1, а цены пришли для 2/);
    expect(coursePriceProblems('nope', [{ price: 1 }], nothingChanged)[0]!.message).toBe('Курса «nope» нет на сайте');
  });
});
