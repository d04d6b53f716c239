/** The three Russian word forms a count needs: 1 день, 2 дня, 5 дней. */
export interface RussianPluralForms {
  one: string;
  few: string;
  many: string;
}

const russianRules = new Intl.PluralRules('ru');

/**
 * Picks the form of a Russian noun for `count` (CLDR rules: 1, 21, 101 -> one; 2-4, 22-24 -> few;
 * 0, 5-20, 25-30 -> many). Fractions fall in CLDR's `other`, which Russian writes like `few` (1,5 дня).
 */
export function pluralRu(count: number, forms: RussianPluralForms): string {
  const category = russianRules.select(count);
  if (category === 'one') return forms.one;
  if (category === 'many') return forms.many;
  return forms.few;
}

export const dayForms: RussianPluralForms = { one: 'день', few: 'дня', many: 'дней' };
