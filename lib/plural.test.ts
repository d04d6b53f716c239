import { describe, expect, it } from 'vitest';
import { dayForms, pluralRu } from './plural';

describe('pluralRu', () => {
  it.each([
    [0, 'дней'],
    [1, 'день'],
    [2, 'дня'],
    [4, 'дня'],
    [5, 'дней'],
    [11, 'дней'],
    [12, 'дней'],
    [14, 'дней'],
    [21, 'день'],
    [22, 'дня'],
    [25, 'дней'],
    [101, 'день'],
    [111, 'дней'],
  ])('%i -> %s', (count, expected) => {
    expect(pluralRu(count, dayForms)).toBe(expected);
  });

  it('uses the genitive singular for fractions', () => {
    expect(pluralRu(1.5, dayForms)).toBe('дня');
  });
});
