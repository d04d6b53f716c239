/**
 * The leads filter's lists «Форма» and «Продукт»: every registered form and product by its name
 * (content/names.ts), forms grouped by their kind, and any value the leads hold that the site no longer
 * registers. The value sent stays the id, so an address with a filter keeps working. Pure.
 */
import { formNameParts, productName } from '@/content/names';
import { leadForms } from '@/content/lead-forms';

export interface FilterOption {
  value: string;
  label: string;
}

export interface FilterOptionGroup {
  label: string;
  options: FilterOption[];
}

const byLabel = (a: FilterOption, b: FilterOption) => a.label.localeCompare(b.label, 'ru');

/** The forms, one group a kind («Страница курса», «Поп-ап», …) in the order the kinds first come in the registry. */
export function formOptions(seen: readonly string[] = []): FilterOptionGroup[] {
  const groups = new Map<string, FilterOption[]>();
  for (const id of new Set([...leadForms.map((form) => form.id), ...seen])) {
    const { kind, subject } = formNameParts(id);
    groups.set(kind, [...(groups.get(kind) ?? []), { value: id, label: subject }]);
  }
  return [...groups].map(([label, options]) => ({ label, options: options.sort(byLabel) }));
}

/** The products by name, in alphabetical order. */
export function productOptions(seen: readonly string[] = []): FilterOption[] {
  return [...new Set([...leadForms.map((form) => form.productName), ...seen])].map((value) => ({ value, label: productName(value) })).sort(byLabel);
}
