import type { VariantTexts } from '@/lib/experiments/variants';
import { hardCodedRoubles, type PricedCourse, type PriceReferenceProblem, resolvePriceReferences, resolvePriceValue } from '@/lib/price-references';
import type { ManagedPopupConfig } from './managed';

/**
 * A pop-up's prices as a visitor sees them: the references a pop-up holds (`{цена advanced-js}` in its
 * struck-out price or in a text, lib/price-references.ts) looked up in the courses' tariffs at the moment
 * it is shown. The server's answer (`GET /api/popups`), the console's preview and its form all call this,
 * so the figure is the course's own wherever it appears.
 */

/** The pop-up form's fields a price can sit in (lib/popups/edit-check.ts `PopupField`). */
export type PricedField = 'headline' | 'text' | 'buttonLabel' | 'price' | 'oldPrice';

/**
 * What stops a pop-up's prices: a reference that cannot be looked up (lib/price-references.ts), a monthly
 * tariff where the gift is paid at once, a gift not cheaper than its struck-out price. Codes with their
 * data: the content check and the console word them.
 */
export type PopupPriceProblem = PriceReferenceProblem | { code: 'monthly_tariff' } | { code: 'gift_not_cheaper'; price: number; oldPrice: number };

export interface PriceProblem<P extends PopupPriceProblem = PopupPriceProblem> {
  field: PricedField;
  /** Which split-test variant's text (2 for B…), when not the pop-up's own. */
  variant?: number;
  problem: P;
}

/** Texts with their price references written in; a reference that cannot be read is a problem. */
export function resolveTexts(
  texts: VariantTexts,
  courses: readonly PricedCourse[],
  variant?: number,
): { texts: VariantTexts; problems: PriceProblem<PriceReferenceProblem>[] } {
  const problems: PriceProblem<PriceReferenceProblem>[] = [];
  const written = Object.fromEntries(
    (Object.keys(texts) as (keyof VariantTexts)[]).map((field) => {
      const resolved = resolvePriceReferences(texts[field], courses);
      for (const problem of resolved.problems) problems.push({ field, problem, ...(variant === undefined ? {} : { variant }) });
      return [field, resolved.text];
    }),
  ) as unknown as VariantTexts;
  return { texts: written, problems };
}

/**
 * The pop-up with every price in roubles and every text with its prices written in, or the problems that
 * stop it (an unknown course or tariff, a monthly tariff where the gift is paid at once, a gift not cheaper
 * than its struck-out price). With a problem the config is null: a visitor never sees `{цена …}`.
 */
export function resolvePopupPrices(
  config: ManagedPopupConfig,
  courses: readonly PricedCourse[],
): { config: ManagedPopupConfig<number>; problems: [] } | { config: null; problems: PriceProblem[] } {
  const problems: PriceProblem[] = [];
  const text = (field: PricedField, value: string) => {
    const resolved = resolvePriceReferences(value, courses);
    for (const problem of resolved.problems) problems.push({ field, problem });
    return resolved.text;
  };
  const content = config.content;
  let shown: ManagedPopupConfig<number>['content'];
  if (content.kind === 'promo') {
    shown = { ...content, heading: text('headline', content.heading), text: text('text', content.text), actionLabel: text('buttonLabel', content.actionLabel) };
  } else if (content.kind === 'discount') {
    shown = { ...content, title: text('headline', content.title), text: text('text', content.text), submitLabel: text('buttonLabel', content.submitLabel) };
  } else {
    const price = (field: 'price' | 'oldPrice') => {
      const resolved = resolvePriceValue(content.offer[field], courses);
      if ('problem' in resolved) return void problems.push({ field, problem: resolved.problem });
      if (resolved.monthly) return void problems.push({ field, problem: { code: 'monthly_tariff' } });
      return resolved.amount;
    };
    const amount = price('price');
    const oldAmount = price('oldPrice');
    if (amount !== undefined && oldAmount !== undefined && amount >= oldAmount) {
      problems.push({ field: 'price', problem: { code: 'gift_not_cheaper', price: amount, oldPrice: oldAmount } });
    }
    shown = {
      ...content,
      title: text('headline', content.title),
      submitLabel: text('buttonLabel', content.submitLabel),
      offer: { price: amount ?? 0, oldPrice: oldAmount ?? 0, condition: text('text', content.offer.condition) },
    };
  }
  const variants = config.variants?.map((variant, index) => {
    const resolved = resolveTexts(variant, courses, index + 2);
    problems.push(...resolved.problems);
    return resolved.texts;
  });
  if (problems.length > 0) return { config: null, problems };
  return { config: { ...config, content: shown, ...(variants ? { variants } : {}) } as ManagedPopupConfig<number>, problems: [] };
}

/** The rouble sums a pop-up's texts write as digits (to be references or `{не цена: …}`), by field. */
export function hardCodedPopupRoubles(texts: VariantTexts): { field: keyof VariantTexts; sum: string }[] {
  return (Object.keys(texts) as (keyof VariantTexts)[]).flatMap((field) => hardCodedRoubles(texts[field]).map((sum) => ({ field, sum })));
}
