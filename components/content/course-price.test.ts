import { describe, expect, it } from 'vitest';
import type { Tariff } from '@/content/courses';
import { coursePriceLabel } from './course-price';

const nbsp = '\u00a0';
const tariff = (price: number, monthly = false): Tariff => ({
  name: 'Тариф',
  description: 'Описание',
  price,
  monthly,
  months: monthly ? 12 : undefined,
  features: ['Уроки'],
  recommended: false,
});

describe('coursePriceLabel', () => {
  it('says Бесплатно when every tariff is free', () => {
    expect(coursePriceLabel({ tariffs: [tariff(0)] })).toBe('Бесплатно');
  });

  it('shows a single one-off price without "от"', () => {
    expect(coursePriceLabel({ tariffs: [tariff(2990)] })).toBe(`2${nbsp}990${nbsp}₽`);
  });

  it('shows the cheapest of several prices with "от"', () => {
    expect(coursePriceLabel({ tariffs: [tariff(16490), tariff(12990)] })).toBe(`от 12${nbsp}990${nbsp}₽`);
  });

  it('prefers the monthly instalment over a one-off price', () => {
    expect(coursePriceLabel({ tariffs: [tariff(34990), tariff(6483, true)] })).toBe(`от 6${nbsp}483${nbsp}₽/мес.`);
  });
});
