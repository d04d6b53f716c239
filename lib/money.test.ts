import { describe, expect, it } from 'vitest';
import { discountPercent, formatPrice, formatRub } from './money';

// ru-RU separates thousands with a no-break space and puts the sign after a no-break space.
const nbsp = '\u00a0';

describe('formatRub', () => {
  it.each([
    [0, `0${nbsp}₽`],
    [558, `558${nbsp}₽`],
    [2990, `2${nbsp}990${nbsp}₽`],
    [13790, `13${nbsp}790${nbsp}₽`],
    [1234567, `1${nbsp}234${nbsp}567${nbsp}₽`],
  ])('formats %i as %s', (amount, expected) => {
    expect(formatRub(amount)).toBe(expected);
  });

  it('agrees with Intl.NumberFormat ru-RU RUB without fractions', () => {
    const reference = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', maximumFractionDigits: 0 });
    for (const amount of [1, 99, 4648, 36640, 250000]) expect(formatRub(amount)).toBe(reference.format(amount));
  });

  it('rounds kopecks to whole roubles', () => {
    expect(formatRub(4647.5)).toBe(`4${nbsp}648${nbsp}₽`);
    expect(formatRub(4647.49)).toBe(`4${nbsp}647${nbsp}₽`);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, -1])('rejects %s', (amount) => {
    expect(() => formatRub(amount)).toThrow(RangeError);
  });
});

describe('formatPrice', () => {
  it('adds /мес. to monthly payments only', () => {
    expect(formatPrice(4648, { monthly: true })).toBe(`4${nbsp}648${nbsp}₽/мес.`);
    expect(formatPrice(4648)).toBe(`4${nbsp}648${nbsp}₽`);
  });
});

describe('discountPercent', () => {
  it.each([
    [2990, 558, 81],
    [6710, 4648, 31],
    [13790, 0, 100],
    [5990, 5990, 0],
  ])('%i -> %i is %i%%', (oldPrice, price, percent) => {
    expect(discountPercent(oldPrice, price)).toBe(percent);
  });

  it('rejects a price above the old one and a zero old price', () => {
    expect(() => discountPercent(1000, 1200)).toThrow(RangeError);
    expect(() => discountPercent(0, 0)).toThrow(RangeError);
  });
});
