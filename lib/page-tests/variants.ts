/**
 * Variants of a page test («Тесты страниц»): what a variant may change on a course page or a campaign
 * landing, the console's checks of them, and the block id a variant's lead form posts. Pure: the console,
 * the page and the server's counting share it.
 */
import { MAX_VARIANT_TEXT, variantIndex, variantLetter } from '@/lib/experiments/variants';

/** «Заголовок», «Подзаголовок», «Надпись на кнопке», «Цена на первом месте»: null keeps the page's own. */
export interface PageVariantChanges {
  headline: string | null;
  subheadline: string | null;
  buttonLabel: string | null;
  /** The tariff (by its name) the price block leads with. */
  leadTariff: string | null;
}

export const pageVariantFields = ['headline', 'subheadline', 'buttonLabel', 'leadTariff'] as const;
export type PageVariantField = (typeof pageVariantFields)[number];

/** A (the original) and up to three more. */
export const MAX_PAGE_VARIANTS = 4;

export const noChanges: PageVariantChanges = { headline: null, subheadline: null, buttonLabel: null, leadTariff: null };

export type PageTestProblem =
  | { variant: number; field: 'headline' | 'subheadline' | 'buttonLabel'; code: 'too_long'; max: number }
  | { variant: number; field: 'leadTariff'; code: 'unknown_tariff' }
  | { variant: number; field: null; code: 'no_change' }
  | { variant: null; field: 'page'; code: 'unknown_page' }
  | { variant: null; field: null; code: 'no_variants' };

/** A typed value: blank (or only spaces) keeps the page's own text. */
const changed = (value: string | null | undefined) => {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
};

/** The form's typed texts as changes (trimmed; blank: unchanged). */
export function changesOf(typed: Partial<Record<PageVariantField, string | null>>): PageVariantChanges {
  return {
    headline: changed(typed.headline),
    subheadline: changed(typed.subheadline),
    buttonLabel: changed(typed.buttonLabel),
    leadTariff: changed(typed.leadTariff),
  };
}

/**
 * The checks of the variants B, C, D (index 1 on) of a page: each changes something, no text over the
 * pop-up editor's limit, a lead tariff the page has; at least one variant beside the original.
 */
export function checkPageVariants(variants: readonly PageVariantChanges[], tariffs: readonly string[]): PageTestProblem[] {
  const problems: PageTestProblem[] = [];
  if (variants.length === 0) problems.push({ variant: null, field: null, code: 'no_variants' });
  variants.forEach((changes, i) => {
    const variant = i + 1;
    for (const field of ['headline', 'subheadline', 'buttonLabel'] as const) {
      if ((changes[field]?.length ?? 0) > MAX_VARIANT_TEXT) problems.push({ variant, field, code: 'too_long', max: MAX_VARIANT_TEXT });
    }
    if (changes.leadTariff !== null && !tariffs.includes(changes.leadTariff)) problems.push({ variant, field: 'leadTariff', code: 'unknown_tariff' });
    if (pageVariantFields.every((field) => changes[field] === null)) problems.push({ variant, field: null, code: 'no_change' });
  });
  return problems;
}

/** The block id a page test's lead form posts (`extra.block_id`), e.g. `page-test:<test id>:B`. */
export const pageTestBlockId = (testId: string, variant: number) => `page-test:${testId}:${variantLetter(variant)}`;

export function readPageTestBlockId(blockId: string | null | undefined): { testId: string; variant: number } | null {
  const match = /^page-test:([\w-]{1,80}):([A-D])$/.exec(blockId ?? '');
  return match ? { testId: match[1]!, variant: variantIndex(match[2]!) } : null;
}
